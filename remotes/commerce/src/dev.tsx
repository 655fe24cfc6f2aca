// Stand-alone development: this remote alone in the minimal dev host (`npm run dev`).
import { mountStandalone } from '@shop/dev-host';
import module from './module';

mountStandalone(module);
