export * from './permissions';
export * from './entities';
export * from './remote';
