-- Issue 31 (docs/decisions/048): a stored file is deleted only when no media row refers to it; this finds the rows.
CREATE INDEX `media_file_url` ON `media` (`file_url`);
