import { configure } from '@testing-library/dom';

// findBy* and waitFor give up after 1 s by default. A lazy route or a chain of fake answers can
// take longer than that on a loaded 2-core machine (CI runs every project at once), which made
// screen tests fail for time, not behaviour. The wait still ends the moment the DOM matches.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lays nothing out and has no window.scrollTo; the router's scroll restoration calls it on
// every navigation. Scrolling is checked in real Chromium (tests/e2e).
if (typeof window !== 'undefined') window.scrollTo = () => undefined;
