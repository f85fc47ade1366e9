// Starts Intrigue: loads the WebAssembly app, then registers the service worker.
// The build writes the app's folder (named after its contents) into this script's tag (see
// xtask/src/wasm.rs), so the page needs no inline script and the Content-Security-Policy
// can forbid them all. The folder holds the entry and the parts loaded when first needed.
const tag = document.querySelector('script[data-intrigue-app]');
const app = new URL(tag.dataset.intrigueApp, document.baseURI);

// The page's language (first.js chose it): these words are drawn without the app.
const es = () => document.documentElement.lang === 'es';

function failed(message) {
  const box = document.getElementById('boot-status');
  if (box) {
    box.textContent = message;
    box.classList.add('boot-failed');
  }
}

// The crash screen, drawn without the WebAssembly app (see src/crash.rs).
window.intrigueCrashed = (raw) => {
  if (document.getElementById('crash-screen')) return;
  // Nothing after a '#' is shown or copied: a seat's code or a saved game could be in it.
  const details = String(raw).replace(/#\S*/g, '#…');
  const screen = document.createElement('div');
  screen.id = 'crash-screen';
  screen.setAttribute('role', 'alertdialog');
  screen.setAttribute('aria-labelledby', 'crash-title');
  const card = document.createElement('div');
  card.className = 'crash-card';
  const title = document.createElement('h1');
  title.id = 'crash-title';
  title.textContent = es() ? 'Algo ha fallado' : 'Something went wrong';
  const text = document.createElement('p');
  text.textContent = es()
    ? 'Intrigue tuvo un error interno y se detuvo. Recarga para seguir: las partidas guardadas en '
      + 'este dispositivo se conservan. Si vuelve a pasar, copia los detalles y envíanoslos.'
    : 'Intrigue hit an internal error and stopped. Reload to carry on: games saved '
      + 'on this device are kept. If it happens again, copy the details and send them to us.';
  const pre = document.createElement('pre');
  pre.textContent = details;
  const actions = document.createElement('div');
  actions.className = 'crash-actions';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button primary';
  reload.textContent = es() ? 'Recargar' : 'Reload';
  reload.addEventListener('click', () => location.reload());
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'button';
  copy.textContent = es() ? 'Copiar los detalles' : 'Copy details';
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(details);
    } catch (_) {
      const range = document.createRange();
      range.selectNodeContents(pre);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      document.execCommand('copy');
    }
    copy.textContent = es() ? 'Copiado' : 'Copied';
  });
  actions.append(reload, copy);
  card.append(title, text, pre, actions);
  screen.append(card);
  document.body.append(screen);
  reload.focus();
};

try {
  const bindings = await import(new URL('intrigue.js', app).href);
  await bindings.default({ module_or_path: new URL('intrigue_bg.wasm', app) });
  // The browser tests reach a few exported helpers through this.
  window.intrigue = bindings;
} catch (error) {
  console.error(error);
  failed((es()
    ? 'Intrigue no pudo arrancar en este navegador. Recarga la página; si no sirve, usa un '
      + 'Chrome, Firefox o Safari al día. ('
    : 'Intrigue could not start in this browser. Reload the page; if that does not help, '
      + 'use an up-to-date Chrome, Firefox or Safari. (') + error + ')');
}

if ('serviceWorker' in navigator) {
  const scope = new URL('./', import.meta.url);
  navigator.serviceWorker.register(new URL('sw.js', import.meta.url), { scope: scope.pathname })
    // Ask for a new deploy at once rather than when the browser gets round to it.
    .then((registration) => {
      if (registration.active) registration.update().catch(() => { /* offline: try next time */ });
    })
    .catch((error) => console.warn('Offline support is unavailable:', error));
}
