// jsdom with Node's own fetch stack, so component tests can talk to a real HTTP server.
// AbortController/AbortSignal come from Node too: Node's fetch refuses jsdom's signals.
// TextEncoder/TextDecoder are needed by react-router 7 (TOOLCHAIN.md).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const { Response, Headers, FormData, AbortController, AbortSignal, TextEncoder, TextDecoder, ReadableStream, structuredClone } = globalThis;
    const window = this.global;
    // Relative URLs ('/api/…') resolve against the page's URL, as in a browser.
    const absolute = (input) => (typeof input === 'string' ? new URL(input, window.location.href).href : input);
    class Request extends globalThis.Request {
      constructor(input, init) {
        super(absolute(input), init);
      }
    }
    // Each request carries the test that sent it (see handleTestEvent): the recording API server of
    // @shop/test-utils leaves out what an earlier test sent too late to be answered before it ended.
    const fetch = (input, init) => {
      const request = new globalThis.Request(absolute(input), init);
      request.headers.set(SENT_BY_TEST_HEADER, String(window[CURRENT_TEST]));
      return globalThis.fetch(request);
    };
    // jsdom does not implement scrolling.
    window.scrollTo = () => undefined;
    Object.assign(window, { fetch, Request, Response, Headers, FormData, AbortController, AbortSignal, TextEncoder, TextDecoder, ReadableStream, structuredClone });
    window[CURRENT_TEST] = 0;
  }

  /** Counts the tests as they start (before their beforeEach hooks), in `window[CURRENT_TEST]`. */
  handleTestEvent(event) {
    if (event.name === 'test_start') this.global[CURRENT_TEST] += 1;
  }
}

/** The window's number of the test running now (1 for the file's first; 0 before any). */
const CURRENT_TEST = '__currentTest';
/** The request header naming the test that sent the request, by that number. */
const SENT_BY_TEST_HEADER = 'x-sent-by-test';

module.exports = JsdomWithFetchEnvironment;
