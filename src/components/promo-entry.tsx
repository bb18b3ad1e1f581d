import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { formatCartPrice, toCents } from '../../contract/money.ts';
import { useActors } from '../actors/context.tsx';
import { FormAlert, SubmitButton } from './controls.tsx';

/**
 * The cart's promo code, on My cart and at checkout alike: typed and sent to the cart actor, which has
 * the server price it (machines/cart.machine.ts); the code on the cart is shown with what it takes off,
 * or why it takes nothing off, and can be taken off.
 */
export function PromoEntry() {
  const { cart } = useActors();
  const promo = useSelector(cart, (s) => s.context.promo);
  const promoError = useSelector(cart, (s) => s.context.promoError);
  const applying = useSelector(cart, (s) => s.matches('applyingPromo'));
  const canRemove = useSelector(cart, (s) => s.can({ type: 'cart.removePromo' }));
  const [code, setCode] = useState('');
  const inputId = useId();
  const statusId = useId();

  return (
    <div className="mt-6 grid gap-3 border-t border-neutral-200 pt-4">
      {promo.code && (
        <div id={statusId} className="flex flex-wrap items-center justify-between gap-2" aria-live="polite">
          <p>
            Code <span className="font-mono font-bold">{promo.code}</span>
            {promo.refusal ? (
              <span className="block font-bold text-coral-ink">{promo.refusal}</span>
            ) : (
              <span className="block font-bold text-green-800">
                −{formatCartPrice(toCents(promo.discount))} off the food
              </span>
            )}
          </p>
          <button
            type="button"
            className="inline-flex min-h-11 items-center font-bold text-brand-ink underline underline-offset-4 disabled:opacity-50"
            disabled={!canRemove}
            onClick={() => cart.send({ type: 'cart.removePromo' })}
          >
            Remove code
          </button>
        </div>
      )}
      <form
        noValidate
        aria-label="Promo code"
        aria-busy={applying}
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          cart.send({ type: 'cart.applyPromo', code });
        }}
      >
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor={inputId} className="font-bold">
            Promo code
          </label>
          <input
            id={inputId}
            className="field uppercase"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            aria-describedby={promo.code ? statusId : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <SubmitButton busy={applying}>Apply</SubmitButton>
      </form>
      <FormAlert message={promoError} />
    </div>
  );
}
