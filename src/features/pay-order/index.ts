export {
  $cancelling,
  $paying,
  cancelOrderClicked,
  cancelPayFx,
  doPayFx,
  orderChanged,
  payOrderClicked,
  rechargeRequested,
  submitGatewayFormFx,
} from './model/pay-order';
