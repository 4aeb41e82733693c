export {
  $cancelling,
  $paying,
  cancelOrderClicked,
  cancelPayFx,
  doPayFx,
  evidencesPayFx,
  orderChanged,
  payOrderClicked,
  rechargeRequested,
  submitGatewayFormFx,
} from './model/pay-order';
