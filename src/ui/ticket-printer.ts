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
 * Prints the page once the ticket the board just put on it is drawn (the frame after its state
 * changed), then says so. The browser's dialog holds the page until it closes; the print rules in
 * src/styles/app.css leave only the ticket on the paper.
 */
export function printWhenDrawn(done: () => void): () => void {
  const frame = requestAnimationFrame(() => {
    try {
      window.print();
    } finally {
      done();
    }
  });
  return () => cancelAnimationFrame(frame);
}
