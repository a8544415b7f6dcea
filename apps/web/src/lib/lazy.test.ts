import { createElement, lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy';

const Screen = () => createElement('h1', null, 'The screen');
const render = (component: Parameters<typeof createElement>[0]) =>
  renderToString(createElement(Suspense, { fallback: 'loading' }, createElement(component)));

describe('lazyWithPreload', () => {
  it('renders at once, without suspending, once preloaded', async () => {
    const lazyScreen = lazyWithPreload(() => Promise.resolve({ default: Screen }));
    // Not loaded yet: suspends (renderToString shows the fallback).
    expect(render(lazyScreen)).toContain('loading');
    const fresh = lazyWithPreload(() => Promise.resolve({ default: Screen }));
    await fresh.preload();
    expect(render(fresh)).toContain('<h1>The screen</h1>');
    expect(render(fresh)).not.toContain('loading');
  });

  it('is needed: React.lazy alone suspends on its first render even with its module loaded', async () => {
    const load = () => Promise.resolve({ default: Screen });
    await load();
    expect(render(lazy(load))).toContain('loading');
  });
});
