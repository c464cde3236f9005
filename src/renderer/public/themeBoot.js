// Before the first paint (a classic script, so it runs before the body is drawn): the theme and language the last
// window resolved (i18n/prefsStore.ts remembers them under akira.uiPrefs), else the system's theme, so a light
// window never flashes the dark palette while the app loads. UiPrefsSync takes over once the core answers.
(function () {
  var root = document.documentElement;
  var theme = null;
  try {
    var saved = JSON.parse(localStorage.getItem('akira.uiPrefs') || 'null');
    if (saved && (saved.theme === 'dark' || saved.theme === 'light')) theme = saved.theme;
    if (saved && typeof saved.language === 'string') root.lang = saved.language;
  } catch (e) {
    // No storage: follow the system.
  }
  if (!theme) theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches === false ? 'light' : 'dark';
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
})();
