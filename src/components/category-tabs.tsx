import { type KeyboardEvent, useEffect, useRef } from 'react';

interface CategoryTabsProps {
  tabs: readonly string[];
  active: string;
  onSelect: (tab: string) => void;
  label: string;
  /** One row that scrolls sideways on narrow screens (wrapped from 768 px) instead of wrapping. */
  scrollable?: boolean;
}

export function CategoryTabs({ tabs, active, onSelect, label, scrollable = false }: CategoryTabsProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const list = useRef<HTMLDivElement>(null);

  // The active tab is in view in its row (a link to the last tab, a tab chosen by keyboard).
  useEffect(() => {
    const row = list.current;
    const button = buttons.current[tabs.indexOf(active)];
    if (!scrollable || !row || !button || row.scrollWidth <= row.clientWidth) return;
    const start = button.offsetLeft - row.offsetLeft;
    const end = start + button.offsetWidth;
    if (start < row.scrollLeft) row.scrollLeft = start - 16;
    else if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth + 16;
  }, [active, scrollable, tabs]);

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = index === last ? 0 : index + 1;
        break;
      case 'ArrowLeft':
        next = index === 0 ? last : index - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    const tab = tabs[next];
    if (tab === undefined) return;
    // Automatic activation: moving focus also selects, as the WAI-ARIA tabs pattern allows.
    onSelect(tab);
    buttons.current[next]?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      className={
        scrollable
          ? 'flex max-w-full gap-2 overflow-x-auto p-1 [scrollbar-width:none] md:flex-wrap md:justify-center md:gap-3 md:overflow-visible'
          : 'flex flex-wrap justify-center gap-2 sm:gap-3'
      }
    >
      {tabs.map((tab, index) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            // A tap before the browser has taken the page over selects once it has (src/ui/early-taps.ts).
            onClick={() => onSelect(tab)}
            onKeyDown={(event) => handleKeyDown(event, index)}
            className={`min-h-11 min-w-11 shrink-0 rounded-full border-2 px-5 py-2 font-bold capitalize transition ${
              selected
                ? 'border-brand bg-brand text-ink shadow-sm'
                : 'border-neutral-300 bg-white text-ink hover:border-brand hover:text-brand-ink'
            }`}
          >
            {tab}
          </button>
        );
      })}
    </div>
  );
}
