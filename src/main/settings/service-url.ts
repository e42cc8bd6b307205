// The renderer compares addresses the same way (is a connect a switch?), so the rule is shared.
export { normaliseServiceUrl } from '../../shared/service-url';
