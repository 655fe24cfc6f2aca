export * from './permissions';
export * from './entities';
export * from './remote';
export * from './page-head';
export * from './engagement';
export * from './commerce';
export * from './accounts';
export * from './site';
