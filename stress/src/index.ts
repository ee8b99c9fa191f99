// The face other packages' tests use: recording a proof case's result for docs/reliability.md.
export * from './report';
