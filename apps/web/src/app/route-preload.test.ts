import { createElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Loader, type Prefetcher, prefetchersFor, preloadersFor as preloadersOf } from './route-preload';

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
