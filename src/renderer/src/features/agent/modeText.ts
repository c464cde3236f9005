export { modeText } from '../../ui/modeText';
