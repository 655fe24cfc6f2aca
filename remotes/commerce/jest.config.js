const path = require('node:path');

// The date-time picker works in the browser's time zone; tests read its fields in a fixed one.
process.env.TZ = 'UTC';

const preset = require('../../jest.preset.js')({ environment: 'jsdom' });

module.exports = {
  ...preset,
  // npm installed date-fns-jalali under the ui kit's own node_modules, where @mui/x-date-pickers
  // (hoisted to the root) cannot find it; the discount code form's Jalali pickers need it (issue 25).
  modulePaths: [path.join(__dirname, '../../shared/ui-kit/node_modules')],
};
