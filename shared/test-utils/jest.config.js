module.exports = require('../../jest.preset.js')({ environment: 'jsdom' });
