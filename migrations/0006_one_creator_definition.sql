-- One definition of "creator" (docs/decisions/013): admins are creators too, as the TypeScript checks
-- (worker/domain/roles.ts CREATOR_ROLES) have always said. The creator_search triggers of 0004 counted only the
-- role 'creator'; this rebuilds them to count 'admin' as well, then rebuilds the table's rows.
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_text_insert;
--> statement-breakpoint
CREATE TRIGGER creator_search_text_insert AFTER INSERT ON localized_texts WHEN NEW.entity_type = 'user_profile' AND NEW.field IN ('name', 'bio') BEGIN
  DELETE FROM creator_search WHERE profile_id = NEW.entity_id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.id = NEW.entity_id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_text_update;
--> statement-breakpoint
CREATE TRIGGER creator_search_text_update AFTER UPDATE ON localized_texts
WHEN (OLD.entity_type = 'user_profile' AND OLD.field IN ('name', 'bio')) OR (NEW.entity_type = 'user_profile' AND NEW.field IN ('name', 'bio')) BEGIN
  DELETE FROM creator_search WHERE profile_id = OLD.entity_id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.id = OLD.entity_id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
  DELETE FROM creator_search WHERE profile_id = NEW.entity_id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.id = NEW.entity_id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_text_delete;
--> statement-breakpoint
CREATE TRIGGER creator_search_text_delete AFTER DELETE ON localized_texts WHEN OLD.entity_type = 'user_profile' AND OLD.field IN ('name', 'bio') BEGIN
  DELETE FROM creator_search WHERE profile_id = OLD.entity_id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.id = OLD.entity_id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_profile_insert;
--> statement-breakpoint
CREATE TRIGGER creator_search_profile_insert AFTER INSERT ON user_profiles BEGIN
  DELETE FROM creator_search WHERE profile_id = NEW.id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.id = NEW.id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_profile_update;
--> statement-breakpoint
CREATE TRIGGER creator_search_profile_update AFTER UPDATE OF id, account_id, original_handle, created_at ON user_profiles BEGIN
  DELETE FROM creator_search WHERE profile_id = OLD.id;
  DELETE FROM creator_search WHERE profile_id = NEW.id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.id = NEW.id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_profile_delete;
--> statement-breakpoint
CREATE TRIGGER creator_search_profile_delete AFTER DELETE ON user_profiles BEGIN
  DELETE FROM creator_search WHERE profile_id = OLD.id;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_role_insert;
--> statement-breakpoint
CREATE TRIGGER creator_search_role_insert AFTER INSERT ON user_account_roles WHEN NEW.role_code IN ('admin', 'creator', 'ban') BEGIN
  DELETE FROM creator_search WHERE account_id = NEW.user_account_id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = NEW.user_account_id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_role_update;
--> statement-breakpoint
CREATE TRIGGER creator_search_role_update AFTER UPDATE ON user_account_roles
WHEN OLD.role_code IN ('admin', 'creator', 'ban') OR NEW.role_code IN ('admin', 'creator', 'ban') BEGIN
  DELETE FROM creator_search WHERE account_id = OLD.user_account_id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = OLD.user_account_id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
  DELETE FROM creator_search WHERE account_id = NEW.user_account_id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = NEW.user_account_id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_role_delete;
--> statement-breakpoint
CREATE TRIGGER creator_search_role_delete AFTER DELETE ON user_account_roles WHEN OLD.role_code IN ('admin', 'creator', 'ban') BEGIN
  DELETE FROM creator_search WHERE account_id = OLD.user_account_id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = OLD.user_account_id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_form_insert;
--> statement-breakpoint
CREATE TRIGGER creator_search_form_insert AFTER INSERT ON commission_forms BEGIN
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = NEW.commission_account_id);
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = NEW.commission_account_id)
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_form_update;
--> statement-breakpoint
CREATE TRIGGER creator_search_form_update AFTER UPDATE OF commission_account_id, form_status, category_code ON commission_forms BEGIN
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = OLD.commission_account_id);
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = OLD.commission_account_id)
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = NEW.commission_account_id);
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = NEW.commission_account_id)
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_form_delete;
--> statement-breakpoint
CREATE TRIGGER creator_search_form_delete AFTER DELETE ON commission_forms BEGIN
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = OLD.commission_account_id);
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = OLD.commission_account_id)
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_service_insert;
--> statement-breakpoint
CREATE TRIGGER creator_search_service_insert AFTER INSERT ON commission_services BEGIN
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = NEW.commission_account_id);
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = NEW.commission_account_id)
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_service_update;
--> statement-breakpoint
CREATE TRIGGER creator_search_service_update AFTER UPDATE OF commission_account_id, service_status ON commission_services BEGIN
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = OLD.commission_account_id);
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = OLD.commission_account_id)
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = NEW.commission_account_id);
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = NEW.commission_account_id)
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_service_delete;
--> statement-breakpoint
CREATE TRIGGER creator_search_service_delete AFTER DELETE ON commission_services BEGIN
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = OLD.commission_account_id);
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = OLD.commission_account_id)
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_service_category_insert;
--> statement-breakpoint
CREATE TRIGGER creator_search_service_category_insert AFTER INSERT ON commission_service_categories BEGIN
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = (SELECT commission_account_id FROM commission_services WHERE id = NEW.service_id));
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = (SELECT commission_account_id FROM commission_services WHERE id = NEW.service_id))
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_service_category_update;
--> statement-breakpoint
CREATE TRIGGER creator_search_service_category_update AFTER UPDATE ON commission_service_categories BEGIN
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = (SELECT commission_account_id FROM commission_services WHERE id = OLD.service_id));
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = (SELECT commission_account_id FROM commission_services WHERE id = OLD.service_id))
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = (SELECT commission_account_id FROM commission_services WHERE id = NEW.service_id));
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = (SELECT commission_account_id FROM commission_services WHERE id = NEW.service_id))
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_service_category_delete;
--> statement-breakpoint
CREATE TRIGGER creator_search_service_category_delete AFTER DELETE ON commission_service_categories BEGIN
  DELETE FROM creator_search WHERE account_id = (SELECT user_account_id FROM commission_accounts WHERE id = (SELECT commission_account_id FROM commission_services WHERE id = OLD.service_id));
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = (SELECT user_account_id FROM commission_accounts WHERE id = (SELECT commission_account_id FROM commission_services WHERE id = OLD.service_id))
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS creator_search_commission_account_update;
--> statement-breakpoint
CREATE TRIGGER creator_search_commission_account_update AFTER UPDATE OF user_account_id ON commission_accounts BEGIN
  DELETE FROM creator_search WHERE account_id = OLD.user_account_id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = OLD.user_account_id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
  DELETE FROM creator_search WHERE account_id = NEW.user_account_id;
  INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
  SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      lower(coalesce((SELECT t.text FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
        ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
      p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
        WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
      ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
        SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
        WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
        UNION
        SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
          JOIN commission_service_categories sc ON sc.service_id = sv.id
        WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
    FROM user_profiles p
    WHERE p.account_id = NEW.user_account_id
      AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
      AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
END;
--> statement-breakpoint
DELETE FROM creator_search;
--> statement-breakpoint
-- Rebuild every row with the one definition.
INSERT INTO creator_search (profile_id, account_id, created_at, name_en, name_ja, search_text, categories)
SELECT p.id, p.account_id, p.created_at, lower(coalesce((SELECT t.text FROM localized_texts t
      WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
      ORDER BY t.language_code = 'en' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
    lower(coalesce((SELECT t.text FROM localized_texts t
      WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field = 'name'
      ORDER BY t.language_code = 'ja' DESC, t.is_original DESC LIMIT 1), p.original_handle)),
    p.original_handle || coalesce((SELECT char(31) || group_concat(t.text, char(31)) FROM localized_texts t
      WHERE t.entity_type = 'user_profile' AND t.entity_id = p.id AND t.field IN ('name', 'bio')), ''),
    ' ' || coalesce((SELECT group_concat(c.code, ' ') FROM (
      SELECT f.category_code AS code FROM commission_accounts ca JOIN commission_forms f ON f.commission_account_id = ca.id
      WHERE ca.user_account_id = p.account_id AND f.form_status = 'PUBLISHED' AND f.category_code IS NOT NULL
      UNION
      SELECT sc.category_code FROM commission_accounts ca JOIN commission_services sv ON sv.commission_account_id = ca.id
        JOIN commission_service_categories sc ON sc.service_id = sv.id
      WHERE ca.user_account_id = p.account_id AND sv.service_status = 'PUBLISHED') c), '') || ' '
  FROM user_profiles p
  WHERE 1 = 1
    AND EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code IN ('admin', 'creator'))
    AND NOT EXISTS (SELECT 1 FROM user_account_roles r WHERE r.user_account_id = p.account_id AND r.role_code = 'ban');
