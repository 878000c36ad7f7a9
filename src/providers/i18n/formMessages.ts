import { coreMessages, messagesEn, type FeatureMessageKey } from '../../schemas/messages';
import type { Tree } from './deepMerge';

/**
 * Messages of the admin's forms and of the API's rules, beyond the login route's core ones.
 * The English texts are the shared registry's (the dev API answers with the same); only French
 * is written here, and its type fails the check when a key is added without a translation.
 */
export const formMessagesEn = Object.fromEntries(Object.entries(messagesEn).filter(([key]) => !Object.hasOwn(coreMessages, key))) as Record<FeatureMessageKey, string>;

export const formMessagesFr: Record<FeatureMessageKey, string> = {
  'validation.translation_required': 'Ce texte de traduction est obligatoire.',
  'validation.language_not_in_solution': 'Cette langue ne fait pas partie des langues de la solution de consentement.',
  'validation.translation_key_unknown': "Cette clé de traduction n'existe pas.",
  'validation.import_format_invalid': "Le fichier n'a pas pu être lu : utilisez le format d'export JSON ou CSV.",
  'validation.import_empty': 'Le fichier ne contient aucune ligne.',
  'validation.import_too_many_rows': 'Le fichier contient trop de lignes.',
  'validation.import_duplicate_row': 'Cette ligne répète une ligne précédente du fichier.',
  'validation.cookie_name_required': 'Le nom du cookie est obligatoire.',
  'validation.cookie_name_invalid': "Un nom de cookie ne peut contenir ni espace, ni virgule, ni point-virgule, ni signe égal.",
  'validation.cookie_domain_required': 'Le domaine du cookie est obligatoire.',
  'validation.cookie_domain_invalid': "Le domaine du cookie doit être un nom d'hôte tel que .example.com.",
  'validation.cookie_category_invalid': 'La catégorie doit être necessary, functional, statistics, marketing ou unclassified.',
  'validation.cookie_expiry_invalid': "L'expiration doit être un nombre de jours entre 0 et 3650, ou vide pour un cookie de session.",
  'validation.cookie_source_invalid': 'La source doit être scanner ou manual.',
  'validation.data_processor_name_required': 'Le sous-traitant doit avoir un nom.',
  'validation.data_processor_privacy_policy_required': "Le sous-traitant doit avoir l'URL d'une politique de confidentialité.",
  'validation.data_processor_privacy_policy_invalid': 'La politique de confidentialité doit être une URL http ou https.',
  'validation.data_processor_required': "Les cookies de statistiques et de marketing doivent avoir un sous-traitant avec un nom et l'URL de sa politique de confidentialité.",
  'error.backend.cookie_already_exists': 'Cette solution de consentement a déjà un cookie de ce nom et de ce domaine.',
  'error.backend.cookie_not_found': 'Cookie introuvable.',
  'validation.domain_type_invalid': 'Le type de domaine doit être website, internal_alias ou external_alias.',
  'validation.scan_depth_invalid': "La profondeur d'analyse doit être 500, 5000 ou 15000.",
  'validation.scan_frequency_invalid': "La fréquence d'analyse doit être quotidienne, hebdomadaire, mensuelle ou sans analyse.",
  'validation.language_invalid': 'Choisissez une langue de la liste.',
  'validation.max_length_255': 'Cette valeur est trop longue. Elle doit contenir au plus 255 caractères.',
  'validation.languages_not_unique': 'Chaque langue supplémentaire ne peut être choisie qu’une fois.',
  'validation.additional_language_is_default': 'La langue par défaut ne peut pas être aussi une langue supplémentaire.',
  'validation.boolean_required': 'Choisissez oui ou non.',
  'error.backend.domain_already_exists': 'Ce domaine canonique existe déjà ou est utilisé.',
  'error.backend.root_domain_other_account': 'Le domaine racine de ce domaine appartient à un autre compte.',
  'error.backend.domain_immutable': 'Le domaine canonique et le type ne peuvent pas être modifiés après la création.',
  'error.backend.last_public_domain': 'Le dernier domaine public de la dernière solution de consentement ne peut pas être supprimé.',
  'error.backend.consent_solution_has_active_domains': 'Une solution de consentement ne peut pas être supprimée tant qu’elle a des domaines actifs.',
  'error.backend.consent_solution_not_found': 'Solution de consentement introuvable.',
  'validation.invalid_value': "Cette valeur n'est pas valide.",
  'validation.plan_invalid': "L'offre doit être essential ou professional.",
  'validation.billing_interval_invalid': "L'intervalle de facturation doit être mois ou année.",
  'validation.too_many_domains': 'Trop de domaines.',
  'validation.max_length_253': 'Cette valeur est trop longue. Elle doit contenir au plus 253 caractères.',
  'validation.max_length_500': 'Cette valeur est trop longue. Elle doit contenir au plus 500 caractères.',
  'validation.company_name_required': "Le nom de l'entreprise est obligatoire.",
  'validation.address_required': "L'adresse est obligatoire.",
  'validation.postal_code_required': 'Le code postal est obligatoire.',
  'validation.postal_code_invalid': "Ce code postal n'est pas valide.",
  'validation.city_required': 'La ville est obligatoire.',
  'validation.country_required': 'Le pays est obligatoire.',
  'validation.country_invalid': 'Choisissez un pays de la liste.',
  'validation.phone_prefix_required': "L'indicatif téléphonique est obligatoire.",
  'validation.phone_prefix_invalid': 'Cet indicatif ne correspond pas au pays.',
  'validation.phone_required': 'Le numéro de téléphone est obligatoire.',
  'validation.phone_invalid': "Ce numéro de téléphone n'est pas valide pour le pays.",
  'validation.vat_number_required': 'Un numéro de TVA est nécessaire.',
  'validation.vat_number_invalid': "Ce numéro de TVA n'est pas valide pour le pays.",
  'validation.coupon_invalid': "Ce code promo n'est pas valide.",
  'validation.coupon_unknown': "Ce code promo n'existe pas.",
  'validation.coupon_expired': 'Ce code promo a expiré.',
  'validation.card_number_required': 'Le numéro de carte est obligatoire.',
  'validation.card_number_invalid': "Ce numéro de carte n'est pas valide.",
  'validation.card_expiry_required': "La date d'expiration est obligatoire.",
  'validation.card_expiry_invalid': "Cette date d'expiration n'est pas valide ou est passée.",
  'validation.card_cvc_required': 'Le CVC est obligatoire.',
  'validation.card_cvc_invalid': "Ce CVC n'est pas valide.",
  'validation.payment_type_invalid': 'Le type de paiement doit être stripe, individual, manual_stripe, external ou free.',
  'validation.domains_count_invalid': 'Le nombre de domaines doit être un entier entre 1 et 1000.',
  'validation.domains_count_too_low': 'Le nombre de domaines ne peut pas être inférieur au nombre de domaines publics.',
  'error.backend.payment_declined': 'Votre carte a été refusée.',
  'error.backend.payment_insufficient_funds': 'Votre carte ne dispose pas de fonds suffisants.',
  'error.backend.payment_processing_error': 'Une erreur est survenue lors du traitement de votre carte. Veuillez réessayer.',
  'error.backend.payment_expired_card': 'Votre carte a expiré.',
  'error.backend.payment_incorrect_cvc': 'Le code de sécurité de votre carte est incorrect.',
  'error.backend.subscription_not_active': "Cet abonnement n'est pas actif.",
  'error.backend.subscription_locked_dates': "Les dates de l'abonnement ne peuvent plus être modifiées une fois l'abonnement commencé.",
  'error.backend.subscription_locked_status': "Le statut de l'abonnement ne peut plus être modifié une fois l'abonnement commencé.",
  'error.backend.subscription_locked_compliance_dashboard': "Le tableau de conformité ne peut plus être modifié une fois l'abonnement commencé.",
  'error.backend.subscription_locked_payment_method': "Le moyen de paiement ne peut plus être modifié une fois l'abonnement commencé.",
  'validation.advance_days_invalid': 'advanceDays doit être un nombre de jours entre -3650 et 3650, ou envoyez { "reset": true }.',
  'validation.account_name_length': 'Le nom du compte doit contenir entre 2 et 255 caractères.',
  'validation.datetime_invalid': 'Une date et heure valide est requise.',
  'validation.subscription_status_invalid': 'Le statut doit être trial, active, waiting_for_payment, expiring ou inactive.',
  'error.backend.not_allowed_edit_global': "Vous n'êtes pas autorisé à créer ou modifier des éléments globaux.",
  'error.backend.not_allowed_create_account': "Vous n'êtes pas autorisé à créer des comptes.",
  'error.backend.not_allowed_edit_account': "Vous n'êtes pas autorisé à modifier ce compte.",
  'error.backend.not_allowed_switch_account': "Vous n'êtes pas autorisé à agir sur ce compte.",
  'error.backend.not_allowed_delete_website': "Vous n'êtes pas autorisé à supprimer des sites web.",
  'error.backend.not_allowed_invite_teammate': "Vous n'êtes pas autorisé à inviter des coéquipiers.",
  'error.backend.not_allowed_read_users': "Vous n'êtes pas autorisé à consulter les utilisateurs.",
  'error.backend.not_allowed_delete_user': "Vous n'êtes pas autorisé à supprimer des utilisateurs.",
  'error.backend.not_allowed_delete_self': "Vous n'êtes pas autorisé à vous supprimer vous-même.",
  'error.backend.not_allowed_change_status': "Vous n'êtes pas autorisé à modifier le statut.",
  'error.backend.not_allowed_remove_global': "Vous n'êtes pas autorisé à supprimer des modèles ou textes globaux.",
  'error.backend.not_allowed_read_invoices': "Vous n'êtes pas autorisé à consulter les factures de ce compte.",
  'error.backend.not_allowed_read_reports': "Vous n'êtes pas autorisé à consulter les rapports de ce compte.",
  'error.backend.not_allowed_read_audit': "Vous n'êtes pas autorisé à consulter le journal d'audit de ce compte.",
  'error.backend.last_active_user': "Le dernier utilisateur actif d'un compte ne peut pas être supprimé.",
  'error.backend.teammate_already_exists': 'Un utilisateur avec cet e-mail existe déjà.',
  'validation.account_name_required': 'Le nom du compte est obligatoire.',
};

/** `{ 'a.b': 'x' }` → `{ a: { b: 'x' } }`, the shape i18next reads with its `.` separator. */
export const nestKeys = (flat: Record<string, string>): Tree => {
  const tree: Tree = {};
  for (const [key, text] of Object.entries(flat)) {
    const path = key.split('.');
    let node = tree;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      node = typeof next === 'object' ? next : (node[segment] = {});
    }
    node[path.at(-1) ?? key] = text;
  }
  return tree;
};
