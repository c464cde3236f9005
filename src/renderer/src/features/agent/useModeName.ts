export { useModeName } from '../../ui/useModeName';
