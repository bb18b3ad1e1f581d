import type { BrowserContext, Page } from '@playwright/test';

/**
 * Offline stand-in for https://apis.google.com/js/api.js ("gapi").
 *
 * signInWithPopup needs gapi.iframes to open a hidden helper iframe (against the emulator:
 * <emulator>/emulator/auth/iframe) and to exchange two messages with it:
 *   - SDK -> iframe `webStorageSupport`, answered by the iframe with { webStorageSupport: true };
 *   - iframe -> SDK `authEvent`, which carries the popup's result (the popup posts it to the iframe,
 *     which it finds among `window.opener.frames`) and must be answered with { status: 'ACK' }.
 * The emulator's iframe page loads this same script, so one script implements both ends: the page
 * side (`getContext().open()`) and the iframe side (`getContext().getParentIframe()`), bridged with
 * postMessage. A handler registered late still gets messages sent before it: the iframe announces
 * an initial `authEvent` before the SDK registers its handler, and gapi queues such sends too.
 *
 * Kept as plain ES2017 text rather than a serialized function so no transpiler (Playwright's Babel,
 * tsx/esbuild's `__name`) can inject helpers that do not exist in the browser.
 */
const FAKE_GAPI = `(function () {
  if (window.gapi && window.gapi.iframes) return;
  var TAG = '__fakeGapi';
  var ports = [];
  var nextId = 0;
  var FILTER = function () { return true; };

  // One end of a page<->iframe channel; doubles as gapi's Iframe object.
  function Port(targetWindow) {
    var handlers = {}, queued = {}, pending = {}, markReady;
    var ready = new Promise(function (resolve) { markReady = resolve; });
    function post(msg) { msg[TAG] = true; var t = targetWindow(); if (t) t.postMessage(msg, '*'); }
    function answer(msg) {
      var result;
      try { result = handlers[msg.type](msg.data); } catch (e) { console.error(e); }
      post({ kind: 'reply', id: msg.id, results: [result] });
    }
    var port = {
      targetWindow: targetWindow,
      register: function (type, handler) {
        handlers[type] = handler;
        (queued[type] || []).forEach(answer);
        delete queued[type];
      },
      send: function (type, data, callback) {
        var id = String(++nextId);
        pending[id] = callback || function () {};
        post({ kind: 'send', id: id, type: type, data: data });
      },
      // Resolves once the iframe's copy of this script is running (it posts 'ready').
      ping: function (callback) {
        return ready.then(function () { if (callback) callback([]); return []; });
      },
      restyle: function () { return Promise.resolve(); },
      receive: function (msg) {
        if (msg.kind === 'ready') {
          markReady();
        } else if (msg.kind === 'send') {
          if (handlers[msg.type]) answer(msg);
          else (queued[msg.type] = queued[msg.type] || []).push(msg);
        } else if (msg.kind === 'reply' && pending[msg.id]) {
          var cb = pending[msg.id];
          delete pending[msg.id];
          // Real gapi swallows callback errors; the SDK's webStorageSupport callback always throws
          // after reporting (a quirk of the SDK), which must not surface as an uncaught page error.
          try { cb(msg.results); } catch (e) {}
        }
      },
    };
    ports.push(port);
    return port;
  }

  window.addEventListener('message', function (e) {
    var msg = e.data;
    if (!msg || typeof msg !== 'object' || !msg[TAG]) return;
    for (var i = 0; i < ports.length; i++) {
      if (ports[i].targetWindow() === e.source) return ports[i].receive(msg);
    }
  });

  var parentPort = null;
  var context = {
    // Page side: create the helper iframe as a direct child of the page (the emulator's popup
    // searches window.opener.frames for it) and hand back its Port via the SDK's callback.
    open: function (options, onOpen) {
      var el = document.createElement('iframe');
      var attrs = options.attributes || {};
      Object.keys(attrs).forEach(function (k) {
        if (k === 'style') Object.assign(el.style, attrs.style);
        else el.setAttribute(k, attrs[k]);
      });
      el.src = options.url;
      var port = Port(function () { return el.contentWindow; });
      (options.where || document.body).appendChild(el);
      return Promise.resolve(onOpen ? onOpen(port) : port);
    },
    // Iframe side: the channel to the embedding page.
    getParentIframe: function () {
      if (!parentPort) {
        parentPort = Port(function () { return window.parent; });
        parentPort.receive({ kind: 'ready' }); // the page is necessarily up already
      }
      return parentPort;
    },
  };

  window.gapi = {
    load: function (name, config) {
      var callback = typeof config === 'function' ? config : config && config.callback;
      setTimeout(function () { if (callback) callback(); });
    },
    iframes: { getContext: function () { return context; }, CROSS_ORIGIN_IFRAMES_FILTER: FILTER, Iframe: Port },
  };

  if (window.parent !== window) window.parent.postMessage({ __fakeGapi: true, kind: 'ready' }, '*');
})();
`;

/** Google and CDN hosts the SDK and the emulator's account chooser reach for; none resolve offline. */
const STUBBED_HOSTS = new Set(['unpkg.com', 'fonts.googleapis.com', 'fonts.gstatic.com']);

/**
 * Serve the fake gapi to every page, popup and iframe of the context. Also answers the emulator
 * chooser's stylesheet/script CDN requests with empty bodies so that popup never waits on them.
 */
export async function fakeGoogleApis(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.hostname === 'apis.google.com',
    async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname !== '/js/api.js') return route.fulfill({ status: 404, body: '' });
      // The SDK loads `api.js?onload=<global callback>`; the emulator's iframe defines `gapi_onload`.
      const onload = url.searchParams.get('onload');
      const callOnload = [onload, 'gapi_onload']
        .filter((name): name is string => !!name && /^[\w$]+$/.test(name))
        .map(
          (name) =>
            `if (typeof window[${JSON.stringify(name)}] === 'function') window[${JSON.stringify(name)}]();`,
        )
        .join('\n');
      await route.fulfill({
        contentType: 'text/javascript; charset=utf-8',
        body: `${FAKE_GAPI}\n${callOnload}\n`,
      });
    },
  );
  await context.route(
    (url) => STUBBED_HOSTS.has(url.hostname),
    (route) => {
      const type = route.request().resourceType();
      return route.fulfill({ contentType: type === 'stylesheet' ? 'text/css' : 'text/javascript', body: '' });
    },
  );
}

/**
 * Complete a Google sign-in in the Auth emulator's account-chooser popup opened by `trigger()`.
 * An emulator account with this email is picked from the list (keeping its stored display name);
 * otherwise one is created through 'Add new account'. Resolves once the SDK closed the popup,
 * which it does after receiving the auth event, i.e. while signInWithPopup is finishing.
 */
export async function signInWithGooglePopup(
  page: Page,
  trigger: () => Promise<void>,
  account: { email: string; displayName: string },
): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), trigger()]);
  const closed = popup.waitForEvent('close');
  await popup.waitForLoadState('domcontentloaded');

  const existing = popup
    .locator('.js-reuse-account')
    .filter({ has: popup.getByText(account.email, { exact: true }) });
  // Clicking the final button makes the SDK close the popup, which can interrupt the click itself.
  const finalClick = (action: Promise<void>) =>
    action.catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  if (await existing.count()) {
    await finalClick(existing.first().click());
  } else {
    await popup.getByRole('button', { name: 'Add new account' }).click();
    // The chooser's inputs carry no usable labels (aria-labelledby points nowhere), hence the ids.
    await popup.locator('#email-input').fill(account.email);
    await popup.locator('#display-name-input').fill(account.displayName);
    await finalClick(popup.getByRole('button', { name: 'Sign in with Google.com' }).click());
  }
  await closed;
}
