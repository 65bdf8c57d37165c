// The channel tree of a site: flat rows nested by `parent`, siblings in menu order.
import type { Channel, ChannelTree } from '../../shared/wire.ts';
import { TABLES, fromRow } from '../db/tables.ts';
import { parseInput } from '../http/input.ts';
import { z } from 'zod';
import type { HandlerDeps, HandlerGroup } from './types.ts';

const siteParam = z.enum(['CN', 'EN'], { error: 'must be CN or EN' });

export function channelHandlers({ prepare }: HandlerDeps): HandlerGroup<'queryAllChannel'> {
  return {
    queryAllChannel: ({ params }): ChannelTree => {
      const site = parseInput(siteParam, params.site?.toUpperCase(), 'site in the path');
      const rows = prepare('SELECT * FROM channels WHERE site = ? ORDER BY sort, channelId').all(site) as Array<Record<string, unknown>>;
      const channels = rows.map((r) => ({ ...fromRow<Omit<Channel, 'subChannel'>>(TABLES.channels, r), subChannel: [] as Channel[] }));
      const byNo = new Map(channels.map((c) => [c.channelNo, c]));
      const roots: Channel[] = [];
      for (const c of channels) {
        const parent = c.parent ? byNo.get(c.parent) : undefined;
        (parent ? parent.subChannel : roots).push(c);
      }
      return { records: roots };
    },
  };
}
