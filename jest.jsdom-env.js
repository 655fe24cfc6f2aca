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
    const fetch = (input, init) => globalThis.fetch(absolute(input), init);
    // jsdom does not implement scrolling.
    window.scrollTo = () => undefined;
    Object.assign(window, { fetch, Request, Response, Headers, FormData, AbortController, AbortSignal, TextEncoder, TextDecoder, ReadableStream, structuredClone });
  }
}

module.exports = JsdomWithFetchEnvironment;
