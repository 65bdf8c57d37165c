// Renders a screen or component the way the server does (static handler → StaticRouterProvider →
// renderToString), inside the page frame (client/page-data.ts RouterFrame) with the frame data a root
// loader would give, so hooks like useLoaderData, useT, useFrame and useLocation work on fixture data.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router';
import type { FrameData } from '../../client/frame.ts';
import { RouterFrame } from '../../client/page-data.ts';

const Frame = () => <RouterFrame>{() => <Outlet />}</RouterFrame>;

export const FRAME: FrameData = {
  lang: 'zh',
  wx: false,
  englishFlag: false,
  year: 2026,
  channels: [],
  watermark: false,
  filePrefix: '/file',
};

export async function render(
  Component: ComponentType,
  options: { url?: string; data?: unknown; frame?: Partial<FrameData>; path?: string } = {},
): Promise<string> {
  const url = new URL(options.url ?? '/News/SNews', 'http://portal.test');
  const routes = [
    {
      id: 'root',
      path: '/',
      loader: () => ({ ...FRAME, ...options.frame }),
      Component: Frame,
      children: [{ id: 'page', path: options.path ?? '*', loader: () => options.data ?? null, Component }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** The visible text of rendered HTML, tags dropped and entities of the common kind decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
