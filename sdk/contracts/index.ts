/** Every endpoint contract of the console, one module per sub-application (see sdk/endpoint.ts). */
export * from './pet';
export * from './fence';
export * from './data-center';
export * from './elec-car';
export * from './elec-gb';
export * from './elec-lease';
export * from './card';
export * from './center';
export * from './notify';
export * from './report';
export * from './alarm';
export * from './monitor';
export * from './command';
export * from './system';
export * from './asset';
export * from './platform';
export * from './kernel';
