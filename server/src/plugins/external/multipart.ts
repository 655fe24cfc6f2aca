/**
 * multipart/form-data bodies for the dashboard forms (issue 3 uploads). The plugin's own file
 * limit is the largest upload; each field's limit is checked in lib/uploads.ts.
 */
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

export default fp(
  async (app) => {
    const { imageKb, audioKb } = app.settings.uploadLimits;
    await app.register(multipart, {
      limits: {
        // One byte over the largest limit, so lib/uploads.ts sees "too large" itself.
        fileSize: Math.max(imageKb, audioKb) * 1024 + 1,
        files: 4,
        fields: 20,
        fieldSize: 256 * 1024,
        parts: 30,
      },
    });
  },
  { name: 'multipart' },
);
