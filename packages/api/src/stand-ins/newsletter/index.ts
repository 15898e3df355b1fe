export {
  MAILCHIMP_STAND_IN_KEY,
  MAILCHIMP_STAND_IN_PATH,
  MAILERLITE_STAND_IN_PATH,
  MAILERLITE_STAND_IN_TOKEN,
} from '../../services/newsletter/sync-settings';
export {
  createMailchimpStandIn,
  MAILCHIMP_MEMBER_STATUSES,
  type MailchimpMember,
  type MailchimpStandIn,
} from './mailchimp';
export {
  createMailerLiteStandIn,
  MAILERLITE_STATUSES,
  type MailerLiteStandIn,
  type MailerLiteSubscriber,
} from './mailerlite';
