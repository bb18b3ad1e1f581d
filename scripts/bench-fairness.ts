// `npm run bench:fairness`: issue 42's scenarios on the wall clock, against the stack as `npm start`
// starts it with its default limits (behind a proxy, TRUST_PROXY=true, so that the address each call
// comes from is the one it names). Every order comes from ONE address, as a carrier's NAT sends it; the
// accounts were made beforehand (sign-up has its own quota per address). Four items at once:
// - a rush of 60 fresh customers, 1–3 units each, paying 5–90 s after checkout, with 200 and 60 in stock;
// - the hold attack: 36 fresh accounts checking out the most a line holds (10) again and again, never
//   paying, with 200 and 30 in stock, while paying customers (one at the same address, one elsewhere)
//   try to buy a unit every few seconds.
// The figures go to docs/benchmarks.md (docs/decisions/042-holds-by-behaviour.md).
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { cartTotals } from '../contract/cart.ts';
import { ORDER_TIME_FORMAT } from '../contract/order.ts';
import { ApiTokenSchema } from '../contract/user.ts';
import { DEFAULT_HOLDS } from '../server/api/services/holds.ts';
import { connectDatabase, type Database } from '../server/db/client.ts';
import { embeddedPostgresUrl } from '../server/db/embedded.ts';
import { send } from './lib/bench-http.ts';
import { machineLine, table, verdict, writeSection } from './lib/bench-report.ts';
import { BENCH_API_URL, BENCH_AUTH_HOST, BENCH_PORTS, startBenchStorefront } from './lib/bench-storefront.ts';

/** Where every order comes from: one carrier-grade NAT address (RFC 6598). */
const NAT = '100.64.0.1';
/** A paying customer elsewhere. */
const ELSEWHERE = '100.127.9.9';
const RUSH_CUSTOMERS = 60;
const ATTACKERS = 36;
const MOST = DEFAULT_HOLDS.cartLineMaxUnits;
const ATTACK_SECONDS = 240;
/** The periodic sweep's interval (EXPIRY_SWEEP_MS's default) and a little more. */
const SWEEP_WAIT_MS = 70_000;
const TARGETS = { firstBuySeconds: 180, buyableShare: 0.9 };
/** The attack's head start: its staggered first wave has checked out by then. */
const BUYERS_AFTER_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Account {
  uid: string;
  token: string;
}

let signedUp = 0;
/** A fresh account, signed up from an address of its own, as the storefront signs up. */
async function signUp(): Promise<Account> {
  const n = ++signedUp;
  const email = `fair-${Date.now().toString(36)}-${n}@example.com`;
  const provider = (
    await send(`http://${BENCH_AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'pizza1', returnSecureToken: true }),
    })
  ).json() as { idToken: string; localId: string };
  const headers = {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${provider.idToken}`,
    'X-Forwarded-For': `10.9.${(n >> 8) & 255}.${n & 255}`,
  };
  const users = await send(`${BENCH_API_URL}/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ uid: provider.localId, displayName: `Fair Customer ${n}`, email, role: 'user' }),
  });
  if (users.status !== 201) throw new Error(`POST /users answered ${users.status}`);
  const jwt = await send(`${BENCH_API_URL}/jwt`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ uid: provider.localId }),
  });
  return { uid: provider.localId, token: v.parse(ApiTokenSchema, jwt.json()).token };
}

async function signUpMany(count: number): Promise<Account[]> {
  const accounts: Account[] = [];
  while (accounts.length < count) {
    const batch = Math.min(20, count - accounts.length);
    accounts.push(...(await Promise.all(Array.from({ length: batch }, () => signUp()))));
  }
  return accounts;
}

/** A call of the customer's, from `address`. */
function call(account: Account, method: string, path: string, body?: unknown, address = NAT) {
  return send(`${BENCH_API_URL}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${account.token}`,
      'X-Forwarded-For': address,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Checks out what is in the cart; the sandbox page's URL, or the status it was refused with. */
async function checkOut(account: Account, address = NAT): Promise<{ url?: URL; status: number }> {
  const lines = (
    await call(account, 'GET', `/add-to-cart?uid=${account.uid}`, undefined, address)
  ).json() as Array<{
    price: number;
    quantity: number;
  }>;
  if (lines.length === 0) return { status: 0 };
  const answer = await call(
    account,
    'POST',
    `/create-payment-intent?uid=${account.uid}`,
    {
      fullName: 'Fair Customer',
      email: 'fair@example.com',
      phone: '01711 000000',
      address: '12 Road 5, Dhanmondi',
      postcode: '1205',
      city: 'Dhaka',
      total_price: cartTotals(lines).totalPrice,
      order_time: dayjs().format(ORDER_TIME_FORMAT),
    },
    address,
  );
  return answer.status === 200
    ? { status: 200, url: new URL((answer.json() as { url: string }).url) }
    : { status: answer.status };
}

/** Presses Pay on the sandbox page; whether the order is paid after (not owed back, not closed). */
async function pay(account: Account, page: URL): Promise<boolean> {
  const sig = page.searchParams.get('sig') ?? '';
  const path = page.pathname.replace(/^\/api/, '');
  const pressed = await send(`${BENCH_API_URL}${path}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ sig }).toString(),
  });
  if (pressed.status !== 303) return false;
  const tranId = decodeURIComponent(path.split('/').pop()!);
  const status = (await call(account, 'GET', `/payment-status/${tranId}?uid=${account.uid}`)).json() as {
    payment_status: boolean;
  };
  return status.payment_status;
}

const add = (account: Account, itemId: string, quantity: number, address = NAT) =>
  call(account, 'POST', '/add-to-cart', { itemId, quantity }, address);

/** 1, 2 or 3 units, and a payment 5–90 s after checkout, the same for the same customer number. */
const unitsFor = (n: number) => 1 + ((n * 7) % 3);
const payDelayFor = (n: number) => 5_000 + ((n * 37) % 86) * 1_000;

interface RushResult {
  stock: number;
  placed: number;
  paid: number;
  refusedWithStock: number;
  refusedOther: number;
  lostAfterCheckout: number;
}

/** 60 fresh customers, one every half second, each paying 5–90 s after checking out. */
async function rush(itemId: string, stock: number, accounts: Account[]): Promise<RushResult> {
  const result: RushResult = {
    stock,
    placed: 0,
    paid: 0,
    refusedWithStock: 0,
    refusedOther: 0,
    lostAfterCheckout: 0,
  };
  let unitsLeft = stock;
  await Promise.all(
    accounts.map(async (account, n) => {
      await sleep(n * 500);
      const units = unitsFor(n);
      const wanted = unitsLeft >= units;
      const added = await add(account, itemId, units);
      const placed = added.status === 201 ? await checkOut(account) : { status: added.status };
      if (placed.status !== 200 || !placed.url) {
        if (wanted) result.refusedWithStock += 1;
        else result.refusedOther += 1;
        return;
      }
      unitsLeft -= units;
      result.placed += 1;
      await sleep(payDelayFor(n));
      if (await pay(account, placed.url)) result.paid += 1;
      else result.lostAfterCheckout += 1;
    }),
  );
  return result;
}

interface AttackResult {
  stock: number;
  firstBuyHere: number | null;
  firstBuyElsewhere: number | null;
  bought: number;
  minBuyableShare: number;
  heldByAttackFirstWave: number;
  heldAfterStop: number;
}

/** Unsold units, and those of them a checkout could not take now (held unpaid, within their hold). */
async function holding(db: Database, itemId: string): Promise<{ unsold: number; protectedUnits: number }> {
  const { rows } = await db.execute<{ unsold: number; protected: number }>(sql`
    select (select quantity from menu_items where id = ${itemId})
             + coalesce(sum(l.quantity) filter (where o.state in ('awaiting_payment', 'placed')), 0) as unsold,
           coalesce(sum(l.quantity) filter (where o.state = 'awaiting_payment'
             and coalesce(o.hold_until, o.created_at + make_interval(mins => ${DEFAULT_HOLDS.holdMinutes})) > now()), 0)
             as protected
    from order_lines l join orders o on o.id = l.order_id where l.item_id = ${itemId}`);
  return { unsold: Number(rows[0]!.unsold), protectedUnits: Number(rows[0]!.protected) };
}

/** Units the attack's accounts hold now. */
async function heldBy(db: Database, itemId: string, accounts: Account[]): Promise<number> {
  const uids = accounts.map((account) => account.uid);
  const { rows } = await db.execute<{ units: number }>(sql`
    select coalesce(sum(l.quantity), 0)::int as units from order_lines l join orders o on o.id = l.order_id
    where l.item_id = ${itemId} and o.state in ('awaiting_payment', 'placed')
      and o.user_uid in (${sql.join(
        uids.map((uid) => sql`${uid}`),
        sql`, `,
      )})`);
  return Number(rows[0]!.units);
}

async function attack(
  db: Database,
  itemId: string,
  stock: number,
  attackers: Account[],
  buyers: { here: Account; elsewhere: Account },
): Promise<AttackResult> {
  const started = Date.now();
  const until = started + ATTACK_SECONDS * 1_000;
  const result: AttackResult = {
    stock,
    firstBuyHere: null,
    firstBuyElsewhere: null,
    bought: 0,
    minBuyableShare: 1,
    heldByAttackFirstWave: 0,
    heldAfterStop: 0,
  };
  // Each attacker fills its cart once (retrying while the item is held), then checks out again every
  // 6 s, the most its account's quota lets through.
  const attacking = attackers.map(async (attacker, n) => {
    await sleep((n * 6_000) / attackers.length);
    let filled = false;
    while (Date.now() < until) {
      if (!filled) filled = (await add(attacker, itemId, MOST)).status === 201;
      if (filled) await checkOut(attacker);
      await sleep(6_000);
    }
  });
  // Paying customers try a unit every 5 s, and pay at once, from when the attack's first wave holds
  // what it can.
  const buying = (['here', 'elsewhere'] as const).map(async (where) => {
    const buyer = buyers[where];
    const address = where === 'here' ? NAT : ELSEWHERE;
    await sleep(BUYERS_AFTER_MS);
    while (Date.now() < until) {
      // A unit in the cart (one refused at checkout stays there for the next try).
      const cart = (
        await call(buyer, 'GET', `/add-to-cart?uid=${buyer.uid}`, undefined, address)
      ).json() as unknown[];
      const ready = cart.length > 0 || (await add(buyer, itemId, 1, address)).status === 201;
      const placed = ready ? await checkOut(buyer, address) : { status: 409 };
      if (placed.url && (await pay(buyer, placed.url))) {
        result.bought += 1;
        const seconds = (Date.now() - started) / 1_000;
        if (where === 'here') result.firstBuyHere ??= seconds;
        else result.firstBuyElsewhere ??= seconds;
      }
      await sleep(5_000);
    }
  });
  // From the target's moment on, how much of the unsold stock a checkout could take.
  const sampling = (async () => {
    await sleep(20_000);
    result.heldByAttackFirstWave = await heldBy(db, itemId, attackers);
    await sleep(TARGETS.firstBuySeconds * 1_000 - 20_000);
    while (Date.now() < until) {
      const { unsold, protectedUnits } = await holding(db, itemId);
      if (unsold > 0) result.minBuyableShare = Math.min(result.minBuyableShare, 1 - protectedUnits / unsold);
      await sleep(5_000);
    }
  })();
  await Promise.all([...attacking, ...buying, sampling]);
  await sleep(SWEEP_WAIT_MS);
  result.heldAfterStop = await heldBy(db, itemId, attackers);
  return result;
}

const seconds = (value: number | null) => (value === null ? 'never' : `${value.toFixed(0)} s`);

function report(rushes: RushResult[], attacks: AttackResult[]): { markdown: string; ok: boolean } {
  const rushOk = (r: RushResult) => r.refusedWithStock === 0 && r.lostAfterCheckout === 0;
  const attackOk = (a: AttackResult) =>
    a.firstBuyHere !== null &&
    a.firstBuyHere <= TARGETS.firstBuySeconds &&
    a.firstBuyElsewhere !== null &&
    a.firstBuyElsewhere <= TARGETS.firstBuySeconds &&
    a.minBuyableShare >= TARGETS.buyableShare &&
    a.heldAfterStop === 0;
  const markdown = `## Fair to customers behind one address (\`npm run bench:fairness\`)

Machine: ${machineLine()}.
The stack as \`npm start\` runs it, with the product's default holds and rate limits, every order from one
address (${NAT}, as a carrier's NAT sends it). Decision 042 says why the rules are what they are.

A rush of ${RUSH_CUSTOMERS} fresh customers, one every half second, 1–3 units each of one item, paying 5–90 s after checkout.
Target: no customer whose units were there at checkout is refused or loses them before paying.

${table(
  [
    'stock',
    'placed',
    'paid',
    'refused while units were there',
    'refused, sold out',
    'lost after checkout',
    '',
  ],
  rushes.map((r) => [
    String(r.stock),
    String(r.placed),
    String(r.paid),
    String(r.refusedWithStock),
    String(r.refusedOther),
    String(r.lostAfterCheckout),
    verdict(rushOk(r)),
  ]),
)}

The hold attack: ${ATTACKERS} fresh accounts at the same address, each checking out ${MOST} units of one item every 6 s
for ${ATTACK_SECONDS} s and never paying; meanwhile a customer at that address and one elsewhere try to buy a unit
every 5 s from ${BUYERS_AFTER_MS / 1000} s on and pay at once. Targets: each buys within ${TARGETS.firstBuySeconds} s of the attack's start; from then on at
least ${TARGETS.buyableShare * 100} % of the unsold units are buyable (not held within a hold) at every 5 s sample; ${SWEEP_WAIT_MS / 1000} s
after the attack stops, the attack holds nothing.

${table(
  [
    'stock',
    'attack held at 20 s',
    'first buy, same address',
    'first buy, elsewhere',
    'units bought',
    'least buyable share after 180 s',
    'held after it stopped',
    '',
  ],
  attacks.map((a) => [
    String(a.stock),
    String(a.heldByAttackFirstWave),
    seconds(a.firstBuyHere),
    seconds(a.firstBuyElsewhere),
    String(a.bought),
    `${(a.minBuyableShare * 100).toFixed(0)} %`,
    String(a.heldAfterStop),
    verdict(attackOk(a)),
  ]),
)}

What each side gets: the attack's first wave holds what it took for one new customer's hold
(${DEFAULT_HOLDS.newCustomerHoldSeconds} s from each account's first checkout), as any fresh customer's checkout would, so paying customers
who come ${BUYERS_AFTER_MS / 1000} s after it started buy once that hold lapses: ${attacks
    .map(
      (a) =>
        `with ${a.stock} in stock the attack held ${a.heldByAttackFirstWave} units at 20 s and the first buy came at ${seconds(a.firstBuyHere)}`,
    )
    .join('; ')}. The lapse puts the item under pressure, and from then on the attack's checkouts hold nothing
a paying customer needs: a checkout or a payment that finds the item short releases them first.`;
  return { markdown, ok: rushes.every(rushOk) && attacks.every(attackOk) };
}

async function main() {
  const storefront = await startBenchStorefront({ TRUST_PROXY: 'true' });
  const database = connectDatabase(embeddedPostgresUrl(BENCH_PORTS.pg, 'pizzon'), () => {});
  const stop = async () => {
    await database.close();
    await storefront.stop();
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const db = database.db;
    // The kitchen measures nothing here: slots wide enough for every order.
    await db.execute(sql`update kitchen_settings set slot_orders = 1000000`);
    const { rows } = await db.execute<{ id: string }>(
      sql`select id from menu_items where category = 'pizza' order by id limit 4`,
    );
    const [rush200, rush60, attack200, attack30] = rows.map((row) => row.id);
    const stocks = new Map([
      [rush200!, 200],
      [rush60!, 60],
      [attack200!, 200],
      [attack30!, 30],
    ]);
    for (const [id, quantity] of stocks) {
      await db.execute(sql`update menu_items set quantity = ${quantity} where id = ${id}`);
    }
    console.log('Signing up the customers and the attack’s accounts …');
    const rushers = [await signUpMany(RUSH_CUSTOMERS), await signUpMany(RUSH_CUSTOMERS)];
    const attackers = [await signUpMany(ATTACKERS), await signUpMany(ATTACKERS)];
    const buyers = await signUpMany(4);
    console.log(`The four scenarios at once, for about ${ATTACK_SECONDS + SWEEP_WAIT_MS / 1000} s …`);
    const [rushes, attacks] = await Promise.all([
      Promise.all([rush(rush200!, 200, rushers[0]!), rush(rush60!, 60, rushers[1]!)]),
      Promise.all([
        attack(db, attack200!, 200, attackers[0]!, { here: buyers[0]!, elsewhere: buyers[1]! }),
        attack(db, attack30!, 30, attackers[1]!, { here: buyers[2]!, elsewhere: buyers[3]! }),
      ]),
    ]);
    const { markdown, ok } = report(rushes, attacks);
    writeSection('bench:fairness', markdown);
    console.log(`\n${markdown}`);
    if (!ok) throw new Error('Fairness missed a target');
  } finally {
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
