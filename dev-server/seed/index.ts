export { buildSeedState, seedDbFile, type SeedOptions } from './seed';
export { demoLogins, DEMO_PASSWORD, type DemoLogin } from './demoData';
