import { ROLL_WIDTHS, type RollWidth } from '../../machines/kitchen-board.machine.ts';
import { keep, recall } from './device-memory.ts';

/** Where the board keeps its printer's roll and whether it prints on acceptance (per device). */
const ROLL_KEY = 'pizzon:kitchen-roll';
const AUTO_PRINT_KEY = 'pizzon:kitchen-auto-print';

/** The roll and printing on acceptance as staff left them on this device; none yet: the board's own. */
export function printingLeft(): { roll?: RollWidth; autoPrint: boolean } {
  const roll = ROLL_WIDTHS.find((width) => String(width) === recall(ROLL_KEY));
  return { ...(roll ? { roll } : {}), autoPrint: recall(AUTO_PRINT_KEY) === 'on' };
}

export function keepPrinting({ roll, autoPrint }: { roll: RollWidth; autoPrint: boolean }): void {
  keep(ROLL_KEY, String(roll));
  keep(AUTO_PRINT_KEY, autoPrint ? 'on' : 'off');
}

/**
 * Prints the page once the ticket the board just put on it is drawn, then says so. React commits a
 * machine's new state before the next task, so a timer's turn is late enough (a frame would never
 * come while the board's tab is hidden, and a ticket accepted then would wait). The
 * browser's dialog holds the page until it closes; the print rules in src/styles/app.css leave only
 * the ticket on the paper.
 */
export function printWhenDrawn(done: () => void): () => void {
  const turn = setTimeout(() => {
    try {
      window.print();
    } finally {
      done();
    }
  });
  return () => clearTimeout(turn);
}
