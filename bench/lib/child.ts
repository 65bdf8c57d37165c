// What every bench server child does besides serving: answer the parent's 'cpu' question with this
// process's CPU time (server CPU per request is a figure a busy machine distorts far less than req/s),
// and close its servers and parts on SIGTERM.
import type { Server } from 'node:http';

export function answerCpuQueries(): void {
  process.on('message', (m) => {
    if (m !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send!({ cpuUs: user + system });
  });
}

export function closeOnSigterm(servers: Server[], parts: Array<{ close(): Promise<unknown> }>): void {
  process.on('SIGTERM', () => {
    for (const s of servers) s.closeAllConnections();
    const closing = [...servers.map((s) => new Promise((r) => s.close(r))), ...parts.map((p) => p.close())];
    void Promise.all(closing).then(() => process.exit(0));
  });
}
