// What keeps a phone's main thread busy while a page loads: a Chromium performance trace under the
// same throttling as the download measurement, its long tasks (over 50 ms, what Total Blocking Time
// counts) and, inside them, where the time went. JavaScript is told apart by the CPU profiler's samples
// mapped through the build's source maps to the module they ran in; the rest by the browser's own
// trace events (HTML parsing, styles and layout, paint, compiling scripts, garbage collection).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LEAST_UPPER_BOUND, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Browser } from '@playwright/test';
import { openPhonePage } from './page-weight.ts';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.cpu_profiler',
  'toplevel',
  'blink',
  'loading',
];
/** A task longer than this blocks input; the excess over it is what TBT adds up. */
const LONG_TASK_US = 50_000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    beginData?: { url?: string };
    data?: {
      url?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
}

export interface LongTask {
  /** ms from navigation start. */
  start: number;
  duration: number;
  /** Where the task's time went, largest first, in ms. */
  origins: Array<[string, number]>;
}

export interface LoadTrace {
  longTasks: LongTask[];
  /** The long tasks' time by origin, ms, largest first. */
  byOrigin: Array<[string, number]>;
  /** Sum over long tasks of their time beyond 50 ms (TBT as if measured from navigation to idle). */
  blocking: number;
  /** Where the gzip'd trace was written (opens in Chromium DevTools' Performance panel). */
  file: string;
}

/** Which part of the product a source file (as the source map names it) belongs to. */
export function originOf(source: string): string {
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (library) {
    if (/^(react-dom|scheduler)$/.test(library)) return 'React (hydration and rendering)';
    if (library === 'react') return 'React';
    if (library.startsWith('@tanstack/')) return 'TanStack Router';
    if (library === 'xstate' || library.startsWith('@xstate/')) return 'XState';
    if (library === 'valibot') return 'valibot (schema parsing)';
    if (library === 'swiper') return 'Swiper';
    if (library === 'firebase' || library.startsWith('@firebase/')) return 'Firebase (identity provider)';
    if (library === 'react-hot-toast' || library === 'goober') return 'toasts';
    return library;
  }
  if (/(^|\/)(machines|src\/actors)\//.test(source)) return 'our actors and machines';
  if (/(^|\/)server\/contract\//.test(source)) return 'the shared contract';
  if (/(^|\/)src\/api\//.test(source)) return 'our API client';
  if (/(^|\/)src\//.test(source)) return 'our components and routes';
  return source || 'other script';
}

/** Browser work that is not JavaScript, named by the innermost trace event it happened in. */
const NATIVE: Record<string, string> = {
  ParseHTML: 'HTML parsing',
  ParseAuthorStyleSheet: 'CSS parsing',
  UpdateLayoutTree: 'styles and layout',
  RecalculateStyles: 'styles and layout',
  Layout: 'styles and layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  'v8.compile': 'compiling scripts',
  'v8.compileModule': 'compiling scripts',
  'V8.CompileCode': 'compiling scripts',
  'LocalFrameView::performLayout': 'styles and layout',
  'Document::updateStyle': 'styles and layout',
  PaintImage: 'images',
  'Decode Image': 'images',
  ImageDecodeTask: 'images',
  'IsolatedSVGDocumentHost::IsolatedSVGDocumentHost': 'images',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
  'V8.GC_SCAVENGER': 'garbage collection',
  'BlinkGC.AtomicPhase': 'garbage collection',
  FontLoad: 'fonts',
};

class SourceMaps {
  private maps = new Map<string, TraceMap | null>();
  constructor(private readonly clientDir: string) {}

  sourceAt(url: string, line: number, column: number): string | undefined {
    const path = /\/assets\/[^?#]+\.js/.exec(url)?.[0];
    if (!path) return undefined;
    if (!this.maps.has(path)) {
      try {
        this.maps.set(path, new TraceMap(readFileSync(join(this.clientDir, `${path}.map`), 'utf8')));
      } catch {
        this.maps.set(path, null);
      }
    }
    const map = this.maps.get(path);
    if (!map) return `${path} (no source map)`;
    // Line 1, column 0 is the chunk's own top level: evaluating the module, not any one function in it.
    if (line === 0 && column === 0)
      return `evaluating ${path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js')}`;
    // A function's start can sit just before its first mapped segment (a wrapper the bundler wrote).
    const at = { line: line + 1, column };
    return (
      originalPositionFor(map, at).source ??
      originalPositionFor(map, { ...at, bias: LEAST_UPPER_BOUND }).source ??
      `${path} (bundler's code)`
    );
  }
}

function rendererMainThread(events: TraceEvent[], url: string): { pid: number; tid: number } {
  const parse = events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url === url);
  if (!parse) throw new Error(`the trace of ${url} never parsed its HTML`);
  return { pid: parse.pid, tid: parse.tid };
}

/** The JS sample stream of one thread: each sample's time and the frame it ran in. */
function samplesOf(events: TraceEvent[], pid: number, _tid: number) {
  const profiles = new Map<
    string,
    { start: number; nodes: Map<number, ProfileNode>; samples: Array<[number, number]>; last: number }
  >();
  for (const event of events) {
    if (event.pid !== pid || !event.id) continue;
    if (event.name === 'Profile') {
      const start = event.args?.data?.startTime ?? event.ts;
      profiles.set(event.id, { start, nodes: new Map(), samples: [], last: start });
    } else if (event.name === 'ProfileChunk') {
      const profile = profiles.get(event.id);
      if (!profile) continue;
      for (const node of event.args?.data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
      const samples = event.args?.data?.cpuProfile?.samples ?? [];
      const deltas = event.args?.data?.timeDeltas ?? [];
      samples.forEach((node, index) => {
        profile.last += deltas[index] ?? 0;
        profile.samples.push([profile.last, node]);
      });
    }
  }
  return [...profiles.values()];
}

/** Loads `url` once under phone throttling with the trace on; saves the trace and sums its long tasks. */
export async function traceLoad(
  browser: Browser,
  url: string,
  file: string,
  clientDir = 'dist/client',
): Promise<LoadTrace> {
  const { context, page } = await openPhonePage(browser);
  let trace: Buffer;
  try {
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Work put off to idle time or a timer after load is the page's too.
    await page.waitForTimeout(2_000);
    trace = await browser.stopTracing();
  } finally {
    await context.close();
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, gzipSync(trace));

  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const { pid, tid } = rendererMainThread(events, url);
  const onMain = events.filter(
    (event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur,
  );
  const navigation =
    events.find(
      (event) =>
        event.name === 'navigationStart' && event.pid === pid && event.args?.data?.url?.startsWith(url),
    )?.ts ?? Math.min(...onMain.map((event) => event.ts));
  const tasks = onMain.filter(
    (event) => event.name === 'RunTask' && (event.dur ?? 0) > LONG_TASK_US && event.ts >= navigation,
  );
  const native = onMain.filter((event) => NATIVE[event.name]);
  const maps = new SourceMaps(clientDir);
  const sourceOf = new Map<string, string>();

  const originOfSample = (nodes: Map<number, ProfileNode>, id: number, at: number): string => {
    // The innermost frame that is one of our built files names the module; a native leaf (the
    // profiler's "(program)", "(garbage collector)") is named by the trace event around it.
    for (
      let node = nodes.get(id);
      node;
      node = node.parent === undefined ? undefined : nodes.get(node.parent)
    ) {
      const { url: script = '', lineNumber = 0, columnNumber = 0, functionName } = node.callFrame;
      if (functionName === '(garbage collector)') return 'garbage collection';
      if (!script.includes('/assets/')) continue;
      const key = `${script}:${lineNumber}:${columnNumber}`;
      if (!sourceOf.has(key))
        sourceOf.set(key, originOf(maps.sourceAt(script, lineNumber, columnNumber) ?? ''));
      return sourceOf.get(key)!;
    }
    const around = native.filter((event) => event.ts <= at && at < event.ts + (event.dur ?? 0));
    const innermost = around.sort((a, b) => (a.dur ?? 0) - (b.dur ?? 0))[0];
    if (innermost) return NATIVE[innermost.name]!;
    return nodes.get(id)?.callFrame.functionName === '(idle)' ? 'CPU throttling' : 'other browser work';
  };

  const profiles = samplesOf(events, pid, tid);
  const longTasks: LongTask[] = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const shares = new Map<string, number>();
    for (const profile of profiles) {
      profile.samples.forEach(([at, id], index) => {
        if (at < task.ts || at >= end) return;
        const next = profile.samples[index + 1]?.[0] ?? end;
        const origin = originOfSample(profile.nodes, id, at);
        shares.set(origin, (shares.get(origin) ?? 0) + (Math.min(next, end) - at) / 1000);
      });
    }
    return {
      start: (task.ts - navigation) / 1000,
      duration: (task.dur ?? 0) / 1000,
      origins: [...shares].sort((a, b) => b[1] - a[1]),
    };
  });
  const byOrigin = new Map<string, number>();
  for (const task of longTasks)
    for (const [origin, ms] of task.origins) byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + ms);
  return {
    longTasks,
    byOrigin: [...byOrigin].sort((a, b) => b[1] - a[1]),
    blocking: longTasks.reduce((total, task) => total + task.duration - LONG_TASK_US / 1000, 0),
    file,
  };
}
