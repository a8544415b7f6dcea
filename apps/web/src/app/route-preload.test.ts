import { createElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  type Loader,
  type Prefetcher,
  prefetchersFor,
  preloadersFor as preloadersOf,
  serverRenderedScreen,
} from './route-preload';

const loader = (): Loader => () => Promise.resolve({});
const screen = (preload: Loader, prefetch?: Prefetcher) => Object.assign(() => null, { preload, prefetch });

const layout = loader();
const tickets = loader();
const forgot = loader();
const ticketsFirstPage: Prefetcher = () => undefined;
const Plain = () => null;
const routes: RouteObject[] = [
  {
    children: [
      { path: '/login', element: createElement(Plain) },
      { path: '/password/reset', element: createElement(screen(forgot)) },
    ],
  },
  {
    path: '/',
    element: createElement(Plain),
    children: [
      {
        path: '/tickets',
        element: createElement(screen(tickets, ticketsFirstPage)),
        children: [{ path: ':id/edit', element: null }],
      },
      { path: '*', element: createElement(Plain) },
    ],
  },
];

const preloadersFor = (routes: RouteObject[], pathname: string, layout?: Loader) =>
  preloadersOf(matchRoutes(routes, pathname), layout);

describe('preloadersFor', () => {
  it('a signed-in screen: the layout and the screen, also from a panel route', () => {
    expect(preloadersFor(routes, '/tickets', layout)).toEqual([layout, tickets]);
    expect(preloadersFor(routes, '/tickets/5/edit', layout)).toEqual([layout, tickets]);
  });

  it('an auth screen: its own chunk only; the login page needs nothing more', () => {
    expect(preloadersFor(routes, '/password/reset', layout)).toEqual([forgot]);
    expect(preloadersFor(routes, '/login', layout)).toEqual([]);
  });

  it('a screen without its own chunk: the layout only', () => {
    expect(preloadersFor(routes, '/nowhere', layout)).toEqual([layout]);
  });
});

describe('prefetchersFor', () => {
  it('the data of the screen the app opens on, also from a panel route; nothing for other screens', () => {
    expect(prefetchersFor(matchRoutes(routes, '/tickets'))).toEqual([ticketsFirstPage]);
    expect(prefetchersFor(matchRoutes(routes, '/tickets/5/edit'))).toEqual([ticketsFirstPage]);
    expect(prefetchersFor(matchRoutes(routes, '/password/reset'))).toEqual([]);
    expect(prefetchersFor(matchRoutes(routes, '/nowhere'))).toEqual([]);
    expect(prefetchersFor(null)).toEqual([]);
  });
});

describe('serverRenderedScreen', () => {
  const rendered = Object.assign(() => null, {
    preload: tickets,
    prefetch: ticketsFirstPage,
    source: 'src/T.tsx',
  });
  const withoutSource = Object.assign(() => null, { preload: tickets, prefetch: ticketsFirstPage });
  const serverRoutes: RouteObject[] = [
    {
      path: '/',
      element: createElement(Plain),
      children: [
        {
          path: '/tickets',
          element: createElement(rendered),
          children: [
            { index: true, element: null },
            { path: ':id', element: null },
          ],
        },
        {
          path: '/units',
          element: createElement(withoutSource),
          children: [{ index: true, element: null }],
        },
      ],
    },
  ];
  const at = (pathname: string) => serverRenderedScreen(matchRoutes(serverRoutes, pathname));

  it("is a screen's own page when the screen names its module and its first data", () => {
    expect(at('/tickets')).toBe(rendered);
  });

  it('is nothing with a side panel open, for a screen that names no module, or off the routes', () => {
    expect(at('/tickets/5')).toBeNull();
    expect(at('/units')).toBeNull();
    expect(at('/nowhere')).toBeNull();
    expect(serverRenderedScreen(null)).toBeNull();
  });
});
