export { advanceTestClock, allowTestClock, clock, resetTestClock, setTestTime } from './clock';
