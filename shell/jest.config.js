module.exports = { ...require('../jest.preset.js')({ environment: 'jsdom' }), setupFiles: ['<rootDir>/jest.setup.js'] };
