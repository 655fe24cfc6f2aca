// Component tests (jsdom): `findBy…` and `waitFor` wait up to 10 s instead of Testing Library's
// 1 s. They end as soon as the page shows what they look for; on a loaded 2-core CI machine, with
// two test files at a time, an answer of the local fake API can take longer than a second.
require('@testing-library/react').configure({ asyncUtilTimeout: 10_000 });
