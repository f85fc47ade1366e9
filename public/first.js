// Runs before the first paint (a classic script in the head, so the page waits for it).
// No inline script: the Content-Security-Policy forbids them.
//
// The language: the one the switch chose (the address's ?lang, then what this device
// remembers, intrigue.lang), else the browser's first language we speak, else English. <html lang> carries it to the static first screen (its
// English and Spanish texts, one shown by style/main.css), to the app (src/i18n.rs reads
// it) and to the manifest.
(function () {
  // The switch reloads the page with ?lang= (for a device that cannot store it), then the
  // one stored.
  var lang = new URLSearchParams(location.search).get('lang');
  if (lang !== 'en' && lang !== 'es') {
    try {
      lang = localStorage.getItem('intrigue.lang');
    } catch (e) {
      // Storage switched off: the browser's languages decide.
    }
  }
  if (lang !== 'en' && lang !== 'es') {
    lang = 'en';
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''];
    for (var i = 0; i < wanted.length; i++) {
      var primary = String(wanted[i]).split(/[-_]/)[0].toLowerCase();
      if (primary === 'en' || primary === 'es') {
        lang = primary;
        break;
      }
    }
  }
  document.documentElement.lang = lang;
  if (lang === 'es') {
    var manifest = document.querySelector('link[rel="manifest"]');
    if (manifest) manifest.setAttribute('href', 'manifest.es.webmanifest');
    document.title = 'Intrigue';
  }
})();
// A link to any screen but home (#/seat/…, #/play, #/rules/…) marks the page, and the
// static first screen in index.html then hides home's opening text until the app shows
// that screen.
if (!/^#?\/?$/.test(location.hash)) document.documentElement.classList.add('deep-link');
