// Both programs read `.env` from the working directory when one is there, with Node's own loader: a
// variable the environment already sets keeps its value, so a deployment's settings win over the file.
import { existsSync } from 'node:fs';

export const ENV_FILE = '.env';

export function loadEnvFileIfPresent(path: string = ENV_FILE): boolean {
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}
