// react-router 7 needs TextEncoder, which jsdom lacks (TOOLCHAIN.md).
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
