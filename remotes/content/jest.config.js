module.exports = { ...require('../../jest.preset.js')({ environment: 'jsdom' }), setupFiles: ['<rootDir>/../../shell/jest.setup.js'] };
