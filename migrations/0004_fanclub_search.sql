-- Full-text search over fan clubs (name, creator name, tags, description) in any script.
-- The trigram tokenizer indexes every 3-character run, so a Japanese substring of 3 or more
-- characters is found through the index; shorter queries fall back to LIKE on the same table.
-- Rows are written by the fan club service in the same batch as the fan club itself.
CREATE VIRTUAL TABLE `fanclub_search` USING fts5(
  `name`,
  `creator_name`,
  `tags`,
  `description`,
  tokenize = 'trigram'
);
