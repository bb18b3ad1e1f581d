import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { Gate } from './gate.ts';
import {
  activeStates,
  allStates,
  allTransitions,
  eventLabel,
  type FlowModel,
  type PlannedPath,
  type PlannedStep,
  planPaths,
  stateLabel,
  type WorldSnapshot,
} from './graph.ts';

export const REPORT_DIR = '.reports/flows';

export interface Fixtures {
  page: Page;
  context: BrowserContext;
  request: APIRequestContext;
}

/**
 * A machine's flow: the model the paths are planned from, each event once as what a person does (or a
 * server-side step the test performs), and each state once as what the screen must show.
 */
export interface Flow<W, S> extends FlowModel<S> {
  /**
   * Opens the page where a path starts, with what it needs on the server (a machine two pages run, the
   * booking flow's, opens the one whose events the path takes). `n` is the path's number in the plan,
   * the same whichever worker runs it (a worker restarts after a failed test, its module state anew).
   */
  setup: (fixtures: Fixtures, path: PlannedPath<S>, n: number) => Promise<W>;
  /** At a path's end, pass or fail: gates opened, the flow's own data removed. */
  teardown?: (world: W) => Promise<void>;
  /** By event type. */
  actions: Record<string, (world: W, step: PlannedStep<S>) => Promise<void>>;
  /** By state node id. */
  screens: Record<string, (world: W, at: WorldSnapshot<S>) => Promise<void>>;
  /**
   * The calls each effect makes to the server, by the actor's name in the machine's setup, and the gate
   * that holds them.
   * A step that starts the effect (the machine invokes it anew) waits until the page has made them, so
   * the next step's answer goes to the call the machine is waiting for.
   */
  calls?: Record<string, { gate: (world: W) => Gate; count?: number }>;
  /** How an event reads in a test's title, where its type is not enough. */
  label?: (event: EventObject) => string | undefined;
  /** Longest a path may take (several effects failing with the network down wait out their retries). */
  timeoutMs?: number;
}

export interface MachineCoverage {
  machine: string;
  paths: number;
  states: { covered: string[]; total: number; missing: string[] };
  transitions: { covered: string[]; total: number; missing: string[] };
}

interface PathRecord {
  states: string[];
  transitions: string[];
}

/** The machine's running effects named `src` (the name its setup gives the actor). */
const running = (at: WorldSnapshot<unknown> | null, src: string) =>
  Object.values((at?.machine.children ?? {}) as Record<string, { src: unknown }>).filter(
    (child) => child.src === src,
  );

/** The effects a step starts: actors the machine invokes anew (a child it did not have before). */
function startedCalls<W, S>(flow: Flow<W, S>, world: W, from: WorldSnapshot<S> | null, to: WorldSnapshot<S>) {
  return Object.entries(flow.calls ?? {})
    .filter(([src]) => running(to, src).some((child) => !running(from, src).includes(child)))
    .map(([, call]) => {
      const gate = call.gate(world);
      gate.hold();
      return { gate, since: gate.seen, count: call.count ?? 1 };
    });
}

const fail = (message: string, error: unknown): Error =>
  new Error(`${message}\n${error instanceof Error ? error.message : String(error)}`);

async function showsState<W, S>(flow: Flow<W, S>, world: W, at: WorldSnapshot<S>, how: string) {
  for (const id of activeStates(at.machine)) {
    const screen = flow.screens[id];
    if (!screen) throw new Error(`${flow.machine.id}: no screen is mapped for state ${id}`);
    try {
      await screen(world, at);
    } catch (error) {
      throw fail(`${flow.machine.id}: ${how}, the screen does not show state ${id}`, error);
    }
  }
}

/**
 * One test per planned path, replayed in the browser step by step, then one that adds up what the
 * paths covered: every state and transition of the machine, or the test fails naming the missing.
 */
export function flowTests<W, S>(flow: Flow<W, S>): void {
  const id = flow.machine.id;
  const label = (event: EventObject) => flow.label?.(event) ?? eventLabel(event);
  const paths = planPaths(flow);
  const dir = `${REPORT_DIR}/${id}`;
  const recordFile = (n: number) => `${dir}/path-${n}.json`;

  test.describe(`${id} machine`, () => {
    paths.forEach((path, index) => {
      const n = index + 1;
      const title = `path ${n}: ${path.steps.map((step) => label(step.event)).join(' → ')}`;
      test(title, async ({ page, context, request }) => {
        test.setTimeout(flow.timeoutMs ?? 60_000);
        if (n === 1) rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        const record: PathRecord = { states: [], transitions: [] };
        const save = () => writeFileSync(recordFile(n), JSON.stringify(record));
        save();

        const world = await flow.setup({ page, context, request }, path, n);
        try {
          await test.step(`starts in ${stateLabel(path.start.machine)}`, async () => {
            for (const { gate, count } of startedCalls(flow, world, null, path.start))
              await gate.arrived({ count });
            await showsState(flow, world, path.start, 'at the start');
          });
          record.states.push(...activeStates(path.start.machine));
          save();
          for (const step of path.steps) {
            const from = stateLabel(step.from.machine);
            await test.step(`${label(step.event)} in ${from} → ${stateLabel(step.to.machine)}`, async () => {
              const action = flow.actions[step.event.type];
              if (!action)
                throw new Error(`${id}: in state ${from}, no action is mapped for ${step.event.type}`);
              try {
                const calls = startedCalls(flow, world, step.from, step.to);
                await action(world, step);
                for (const { gate, since, count } of calls) await gate.arrived({ since, count });
              } catch (error) {
                throw fail(
                  `${id}: in state ${from}, the UI could not make ${label(step.event)} happen`,
                  error,
                );
              }
              await showsState(flow, world, step.to, `after ${label(step.event)} in state ${from}`);
            });
            record.transitions.push(...step.transitions);
            record.states.push(...activeStates(step.to.machine));
            save();
          }
        } finally {
          await flow.teardown?.(world);
        }
      });
    });

    test('the browser followed every state and transition', () => {
      const covered = { states: new Set<string>(), transitions: new Set<string>() };
      for (let n = 1; n <= paths.length; n++) {
        if (!existsSync(recordFile(n))) continue;
        const record = JSON.parse(readFileSync(recordFile(n), 'utf8')) as PathRecord;
        for (const state of record.states) covered.states.add(state);
        for (const transition of record.transitions) covered.transitions.add(transition);
      }
      const states = allStates(flow.machine);
      const transitions = allTransitions(flow.machine);
      const coverage: MachineCoverage = {
        machine: id,
        paths: paths.length,
        states: {
          covered: states.filter((state) => covered.states.has(state)),
          total: states.length,
          missing: states.filter((state) => !covered.states.has(state)),
        },
        transitions: {
          covered: transitions.filter((transition) => covered.transitions.has(transition)),
          total: transitions.length,
          missing: transitions.filter((transition) => !covered.transitions.has(transition)),
        },
      };
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(`${REPORT_DIR}/${id}.json`, JSON.stringify(coverage, null, 2));

      expect(coverage.states.missing, 'states no path showed in the browser').toEqual([]);
      expect(coverage.transitions.missing, 'transitions no path took in the browser').toEqual([]);
    });
  });
}
