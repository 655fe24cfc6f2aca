import { describeRemoteContract } from '@shop/test-utils';
import contentModule from './module';

describeRemoteContract('content', contentModule);
