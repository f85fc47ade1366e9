// Runs before the first paint (a classic script in the head, so the page waits for it):
// a link to any screen but home (#/seat/…, #/play, #/rules/…) marks the page, and the
// static first screen in index.html then hides home's opening text until the app shows
// that screen. No inline script: the Content-Security-Policy forbids them.
if (!/^#?\/?$/.test(location.hash)) document.documentElement.classList.add('deep-link');
