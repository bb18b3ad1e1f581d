import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { type DrawnTransition, machineTransitions, mermaidDiagram, statePath } from './diagram.ts';
import { machineConfig } from './machine-config.ts';
import { type Coverage, walkModel } from './model.ts';
import { MACHINE_MODELS } from './models/index.ts';

export const MACHINES_DIR = 'machines';
export const DOCS_DIR = 'docs/machines';

const GENERATED =
  '<!-- Written by `npm run machines:export` from the machine and its model-based test. Do not edit. -->';

/** The names <name> of machines/<name>.machine.ts, sorted. */
export const machineNames = (): string[] =>
  readdirSync(MACHINES_DIR)
    .filter((file) => file.endsWith('.machine.ts'))
    .map((file) => file.slice(0, -'.machine.ts'.length))
    .sort();

export interface MachineReport {
  name: string;
  machine: AnyStateMachine;
  coverage: Coverage;
}

/** Walks every machine's model; a machine file without a model is an error, not a gap in the docs. */
export function machineReports(): MachineReport[] {
  return machineNames().map((name) => {
    const model = MACHINE_MODELS[name];
    if (!model) {
      throw new Error(`machines/${name}.machine.ts has no model in tests/machines/support/models/index.ts`);
    }
    return { name, machine: model.machine, coverage: walkModel(model) };
  });
}

/** The doc comment just above the machine's export, as one paragraph. */
function summary(name: string): string {
  const source = readFileSync(join(MACHINES_DIR, `${name}.machine.ts`), 'utf8');
  const exported = source.search(/^export (const \w+Machine\b|function create\w+Machine\b)/m);
  const before = source.slice(0, exported);
  const comment = /^\/\*\*([\s\S]*?)\*\/\s*$/.exec(before.slice(before.lastIndexOf('/**')))?.[1] ?? '';
  return comment
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

const percent = (part: { reached: number; total: number }) =>
  `${part.reached}/${part.total} (${part.total === 0 ? 100 : Math.floor((part.reached / part.total) * 100)}%)`;

const code = (text: string) => `\`${text}\``;

function transitionRow(transition: DrawnTransition, root: AnyStateMachine['root'], missing: Set<string>) {
  const from = transition.source === root ? '(any state)' : code(statePath(transition.source));
  const to = transition.targets.length
    ? transition.targets.map((target) => code(statePath(target))).join(', ')
    : '(stays)';
  // Eventless transitions are taken on the way through; their targets count as states reached.
  const walked = transition.eventType
    ? missing.has(`${transition.source.id} ${transition.eventType}`)
      ? 'no'
      : 'yes'
    : '—';
  return `| ${from} | ${code(transition.label)} | ${transition.guard ? code(transition.guard) : ''} | ${to} | ${walked} |`;
}

function machinePage({ name, machine, coverage }: MachineReport): string {
  const missing = new Set(coverage.transitions.missing);
  const transitions = machineTransitions(machine);
  const anyState = transitions.filter((transition) => transition.source === machine.root);
  return [
    `# ${name}`,
    '',
    GENERATED,
    '',
    summary(name),
    '',
    `Source: [machines/${name}.machine.ts](../../machines/${name}.machine.ts) (machine id ${code(machine.id)}).`,
    `Plain config for the Stately editor: [${name}.json](${name}.json).`,
    '',
    '```mermaid',
    mermaidDiagram(machine),
    '```',
    '',
    ...(anyState.length
      ? [
          'Handled in any state (not drawn): ' +
            anyState
              .map((t) =>
                [
                  code(t.label),
                  t.guard ? ` [${t.guard}]` : '',
                  t.targets.length ? ` → ${t.targets.map((x) => code(statePath(x))).join(', ')}` : '',
                ].join(''),
              )
              .join('; ') +
            '.',
          '',
        ]
      : []),
    '## Coverage of the model-based test',
    '',
    `\`tests/machines/${name}.machine.test.ts\` walks every (state, event) edge of the model in`,
    `\`tests/machines/support/models/${name}.ts\` on a real actor.`,
    '',
    '|             | reached |',
    '| ----------- | ------- |',
    `| States      | ${percent(coverage.states)} |`,
    `| Transitions | ${percent(coverage.transitions)} |`,
    `| Edges walked | ${coverage.edges} |`,
    '',
    '## Transitions',
    '',
    '| From | Event | Guard | To | Walked |',
    '| ---- | ----- | ----- | -- | ------ |',
    ...transitions.map((transition) => transitionRow(transition, machine.root, missing)),
    '',
  ].join('\n');
}

function indexPage(reports: MachineReport[]): string {
  return [
    '# State machines',
    '',
    GENERATED,
    '',
    'Every machine in `machines/`, drawn from its definition, with the coverage of its model-based test',
    '(`tests/machines/`). `tests/machines/diagrams.test.ts` fails when a page here is stale or a walk no',
    "longer reaches every state and transition. Each `<name>.json` is the machine's plain config: paste it",
    "into the Stately editor (*Import* → from code) as `createMachine(<the file>)`, or open it in VS Code's",
    'Stately Editor extension, to see and walk the machine as it runs, factories and computed states included.',
    '',
    '| Machine | States reached | Transitions reached | Edges walked | Plain config |',
    '| ------- | -------------- | ------------------- | ------------ | ------------ |',
    ...reports.map(
      ({ name, coverage }) =>
        `| [${name}](${name}.md) | ${percent(coverage.states)} | ${percent(coverage.transitions)} | ${coverage.edges} | [${name}.json](${name}.json) |`,
    ),
    '',
    'Reading the diagrams: an arrow is labelled with its event and, in brackets, its guard. `id.onDone` and',
    '`id.onError` are the answers of the invoked actor `id`; `after name` is a delayed transition;',
    '`always` is taken as soon as its guard holds. A loop is a transition that stays in its state.',
    '',
  ].join('\n');
}

/** Every file of docs/machines/ by its path, as `npm run machines:export` writes it. */
export function machineDocs(reports: MachineReport[] = machineReports()): Map<string, string> {
  const docs = new Map<string, string>([[join(DOCS_DIR, 'README.md'), indexPage(reports)]]);
  for (const report of reports) {
    docs.set(join(DOCS_DIR, `${report.name}.md`), machinePage(report));
    docs.set(
      join(DOCS_DIR, `${report.name}.json`),
      `${JSON.stringify(machineConfig(report.machine), null, 2)}
`,
    );
  }
  return docs;
}
