import { type KeyboardEvent, useRef } from 'react';

interface CategoryTabsProps {
  tabs: readonly string[];
  active: string;
  onSelect: (tab: string) => void;
  label: string;
}

export function CategoryTabs({ tabs, active, onSelect, label }: CategoryTabsProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

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
    <div role="tablist" aria-label={label} className="flex flex-wrap justify-center gap-2 sm:gap-3">
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
            onClick={() => onSelect(tab)}
            onKeyDown={(event) => handleKeyDown(event, index)}
            className={`min-h-11 min-w-11 rounded-full border-2 px-5 py-2 font-bold capitalize transition ${
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
