/**
 * Setup file of the fault tests: when a test fails, prints what each server process of its file wrote (a
 * crash's stack, a failed query) and whether it is still running, which the test's own assertion cannot show.
 */
import { beforeEach } from 'vitest';
import { startedServers } from './server';

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    for (const server of startedServers) {
      const { exitCode, signalCode } = server.child;
      const state =
        exitCode === null && signalCode === null ? 'running' : `exited (${exitCode ?? signalCode})`;
      console.log(`--- ${server.name} (${state}), its output:\n${server.output() || '(nothing)'}\n---`);
    }
  });
});
