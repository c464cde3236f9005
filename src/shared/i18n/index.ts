export * from './languages';
export * from './defineText';
export * from './formatting';
export * from './plural';
