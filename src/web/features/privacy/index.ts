// What other features may use of "your data" (decision 063).
export { paths as privacyPaths } from './paths';
