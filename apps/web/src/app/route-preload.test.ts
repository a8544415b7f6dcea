import { createElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Loader, preloadersFor as preloadersOf } from './route-preload';

const loader = (): Loader => () => Promise.resolve({});
const screen = (preload: Loader) => Object.assign(() => null, { preload });

const layout = loader();
const tickets = loader();
const forgot = loader();
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
        element: createElement(screen(tickets)),
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
