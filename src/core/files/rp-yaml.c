/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-yaml.c: YAML (libyaml) to cJSON for the config importers
 *
 * The file is read as libyaml's events (yaml_parser_parse), and the tree
 * is built as they come, so that every limit holds before the work is
 * done: nesting deeper than max_yaml_depth stops at the event that opens
 * the level too many, an alias is charged its whole expansion before it
 * is copied, and the count of nodes (aliases' copies included) stops the
 * reading at the node too many.  yaml_parser_load() builds the whole
 * document first, and its time grows with the square of the nesting
 * (10,000 levels of "[[[…]]]" took 1.7 s, 40,000 took 22 s).
 *
 * Scalars are resolved as PyYAML resolves YAML 1.1 plain scalars
 * (pyyaml.org/wiki/PyYAMLDocumentation, "Resolvers"), because accelerate,
 * axolotl and torchtune read their configs with PyYAML or OmegaConf. */

#include "config.h"

#include "rp-yaml-private.h"

#include "rp-error.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include <yaml.h>

/* A config has dozens of nodes; these stop alias bombs ("billion laughs")
 * and runaway nesting long before memory or time matter. */
static const guint max_yaml_nodes = RP_YAML_MAX_NODES;
static const guint max_yaml_depth = RP_YAML_MAX_DEPTH;
static const guint max_yaml_aliases = RP_YAML_MAX_ALIASES;
/* A mapping with more keys than this finds duplicates through a hash
 * table; a short one compares. */
static const guint hash_keys_above = 16;

/* A node an anchor names: a copy, with what copying it again costs. */
typedef struct
{
  cJSON *node;                  /* owned */
  guint  n_nodes;               /* in @node's tree */
  guint  height;                /* levels below @node */
} Anchor;

typedef struct
{
  yaml_parser_t  parser;
  yaml_event_t   event;         /* the current event; valid when @have_event */
  gboolean       have_event;
  GHashTable    *anchors;       /* owned: name → Anchor */
  RpYamlStats    stats;
  GError       **error;
} Reader;

/* ---- helpers: events ------------------------------------------------ */

static guint
event_line (const yaml_event_t *event)
{
  return (guint) event->start_mark.line + 1;
}

/* Drops the current event and reads the next one. */
static gboolean
next_event (Reader *r)
{
  if (r->have_event)
    yaml_event_delete (&r->event);
  r->have_event = FALSE;
  if (!yaml_parser_parse (&r->parser, &r->event))
    {
      /* TRANSLATORS: the last %s is libyaml's own English description */
      g_set_error (r->error, RP_ERROR, RP_ERROR_PARSE, _("not valid YAML (line %u, column %u): %s"),
                   (guint) r->parser.problem_mark.line + 1,
                   (guint) r->parser.problem_mark.column + 1,
                   r->parser.problem != NULL ? r->parser.problem : "?");
      return FALSE;
    }
  r->have_event = TRUE;
  r->stats.n_events++;
  return TRUE;
}

static gboolean
fail_budget (Reader     *r,
             const char *what,
             guint       line)
{
  /* TRANSLATORS: %s says which limit, e.g. "nested deeper than 64 levels" */
  g_set_error (r->error, RP_ERROR, RP_ERROR_PARSE,
               _("too deeply nested or too many repeated aliases: %s (line %u)"), what, line);
  return FALSE;
}

/* Charges @n_nodes more nodes at @depth levels, or says which limit a
 * config cannot need. */
static gboolean
charge (Reader *r,
        guint   n_nodes,
        guint   depth,
        guint   line)
{
  g_autofree char *what = NULL;

  if (depth > max_yaml_depth)
    {
      what = g_strdup_printf (_("nested deeper than %u levels"), max_yaml_depth);
      return fail_budget (r, what, line);
    }
  if (n_nodes > max_yaml_nodes - r->stats.n_nodes)
    {
      what = g_strdup_printf (_("more than %u values, counting each use of an alias"),
                              max_yaml_nodes);
      return fail_budget (r, what, line);
    }
  r->stats.n_nodes += n_nodes;
  return TRUE;
}

static void
anchor_free (gpointer data)
{
  Anchor *a = data;

  cJSON_Delete (a->node);
  g_free (a);
}

static void
count_tree (const cJSON *node,
            guint        depth,
            guint       *n_nodes,
            guint       *height)
{
  const cJSON *child;

  (*n_nodes)++;
  *height = MAX (*height, depth);
  cJSON_ArrayForEach (child, node)
    count_tree (child, depth + 1, n_nodes, height);
}

/* Keeps a copy of @node under @name (the last definition wins, as in
 * YAML 1.1).  The copy counts towards the node budget. */
static gboolean
keep_anchor (Reader      *r,
             const char  *name,
             const cJSON *node,
             guint        line)
{
  Anchor *a = g_new0 (Anchor, 1);

  count_tree (node, 0, &a->n_nodes, &a->height);
  if (!charge (r, a->n_nodes, 0, line))
    {
      g_free (a);
      return FALSE;
    }
  a->node = cJSON_Duplicate (node, TRUE);
  g_hash_table_replace (r->anchors, g_strdup (name), a);
  return TRUE;
}

/* ---- scalars -------------------------------------------------------- */

static gboolean
is_one_of (const char        *text,
           const char *const *words)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (strcmp (text, words[i]) == 0)
      return TRUE;
  return FALSE;
}

/* PyYAML's int and float forms, loosely: digits with an optional sign,
 * point and exponent, or 0x hex.  "inf" and "nan" stay text. */
static gboolean
parse_number (const char *text,
              double     *out)
{
  const char *p = text;
  char *end = NULL;

  if (*p == '+' || *p == '-')
    p++;
  if (!g_ascii_isdigit (*p) && !(*p == '.' && g_ascii_isdigit (p[1])))
    return FALSE;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    {
      guint64 v = g_ascii_strtoull (p + 2, &end, 16);

      if (end == p + 2 || *end != '\0')
        return FALSE;
      *out = text[0] == '-' ? -(double) v : (double) v;
      return TRUE;
    }
  *out = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && isfinite (*out);
}

static cJSON *
scalar_to_json (const yaml_event_t *event)
{
  static const char *const nulls[] = { "", "~", "null", "Null", "NULL", NULL };
  static const char *const trues[] = { "true", "True", "TRUE", "yes", "Yes", "YES",
                                       "on", "On", "ON", NULL };
  static const char *const falses[] = { "false", "False", "FALSE", "no", "No", "NO",
                                        "off", "Off", "OFF", NULL };
  const char *text = (const char *) event->data.scalar.value;
  const char *tag = (const char *) event->data.scalar.tag;
  double number;

  /* quoted, a block scalar, or tagged !!str: text as written */
  if (event->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
      g_strcmp0 (tag, YAML_STR_TAG) == 0)
    return cJSON_CreateString (text);
  if (is_one_of (text, nulls))
    return cJSON_CreateNull ();
  if (is_one_of (text, trues))
    return cJSON_CreateTrue ();
  if (is_one_of (text, falses))
    return cJSON_CreateFalse ();
  if (parse_number (text, &number))
    return cJSON_CreateNumber (number);
  return cJSON_CreateString (text);
}

/* ---- nodes ---------------------------------------------------------- */

static cJSON *read_node (Reader *r, guint depth);

/* The node an alias names, copied after its cost is charged. */
static cJSON *
read_alias (Reader *r,
            guint   depth)
{
  const char *name = (const char *) r->event.data.alias.anchor;
  guint line = event_line (&r->event);
  const Anchor *a = g_hash_table_lookup (r->anchors, name);

  if (a == NULL)
    {
      /* TRANSLATORS: an alias (*name) used before its anchor (&name) */
      g_set_error (r->error, RP_ERROR, RP_ERROR_PARSE,
                   _("the alias *%s names no anchor before it (line %u)"), name, line);
      return NULL;
    }
  if (++r->stats.n_aliases > max_yaml_aliases)
    {
      g_autofree char *what = g_strdup_printf (_("more than %u uses of aliases"),
                                               max_yaml_aliases);
      fail_budget (r, what, line);
      return NULL;
    }
  if (!charge (r, a->n_nodes, depth + a->height, line))
    return NULL;
  return cJSON_Duplicate (a->node, TRUE);
}

static cJSON *
read_sequence (Reader *r,
               guint   depth)
{
  g_autoptr(cJSON) array = cJSON_CreateArray ();

  for (;;)
    {
      cJSON *child;

      if (!next_event (r))
        return NULL;
      if (r->event.type == YAML_SEQUENCE_END_EVENT)
        return g_steal_pointer (&array);
      child = read_node (r, depth + 1);
      if (child == NULL)
        return NULL;
      cJSON_AddItemToArray (array, child);
    }
}

/* A mapping key: a scalar, or an alias of one. */
static char *
read_key (Reader *r,
          guint   depth)
{
  const char *anchor = NULL;
  cJSON *node = NULL;
  char *key;

  if (r->event.type == YAML_SCALAR_EVENT)
    {
      key = g_strdup ((const char *) r->event.data.scalar.value);
      anchor = (const char *) r->event.data.scalar.anchor;
      if (!charge (r, 1, depth, event_line (&r->event)))
        {
          g_free (key);
          return NULL;
        }
      if (anchor != NULL)
        {
          g_autoptr(cJSON) copy = cJSON_CreateString (key);

          if (!keep_anchor (r, anchor, copy, event_line (&r->event)))
            {
              g_free (key);
              return NULL;
            }
        }
      return key;
    }
  if (r->event.type == YAML_ALIAS_EVENT)
    {
      node = read_alias (r, depth);
      if (node == NULL)
        return NULL;
      key = cJSON_IsString (node) ? g_strdup (node->valuestring) : NULL;
      cJSON_Delete (node);
      if (key != NULL)
        return key;
    }
  g_set_error (r->error, RP_ERROR, RP_ERROR_PARSE, _("a mapping key must be text (line %u)"),
               event_line (&r->event));
  return NULL;
}

static cJSON *
read_mapping (Reader *r,
              guint   depth)
{
  g_autoptr(cJSON) object = cJSON_CreateObject ();
  g_autoptr(GHashTable) seen = NULL;

  for (guint n_keys = 0;; n_keys++)
    {
      g_autofree char *key = NULL;
      guint line;
      cJSON *child;

      if (!next_event (r))
        return NULL;
      if (r->event.type == YAML_MAPPING_END_EVENT)
        return g_steal_pointer (&object);
      line = event_line (&r->event);
      key = read_key (r, depth + 1);
      if (key == NULL)
        return NULL;
      if (n_keys == hash_keys_above)
        {
          const cJSON *member;

          seen = g_hash_table_new (g_str_hash, g_str_equal);
          cJSON_ArrayForEach (member, object)
            g_hash_table_add (seen, member->string);
        }
      if (seen != NULL ? g_hash_table_contains (seen, key)
                       : cJSON_GetObjectItemCaseSensitive (object, key) != NULL)
        {
          rp_error_set_key (r->error, RP_ERROR_PARSE, key,
                            _("appears twice in the same mapping (line %u)"), line);
          return NULL;
        }
      if (!next_event (r))
        return NULL;
      child = read_node (r, depth + 1);
      if (child == NULL)
        return NULL;
      cJSON_AddItemToObject (object, key, child);
      if (seen != NULL)
        g_hash_table_add (seen, object->child->prev->string);   /* the member just added */
    }
}

/* The node whose first event is the current one, at @depth levels
 * (the document's root is at 0). */
static cJSON *
read_node (Reader *r,
           guint   depth)
{
  g_autoptr(cJSON) node = NULL;
  g_autofree char *anchor = NULL;
  guint line = event_line (&r->event);

  switch (r->event.type)
    {
    case YAML_ALIAS_EVENT:
      return read_alias (r, depth);
    case YAML_SCALAR_EVENT:
      if (!charge (r, 1, depth, line))
        return NULL;
      anchor = g_strdup ((const char *) r->event.data.scalar.anchor);
      node = scalar_to_json (&r->event);
      break;
    case YAML_SEQUENCE_START_EVENT:
      if (!charge (r, 1, depth, line))
        return NULL;
      anchor = g_strdup ((const char *) r->event.data.sequence_start.anchor);
      node = read_sequence (r, depth);
      break;
    case YAML_MAPPING_START_EVENT:
      if (!charge (r, 1, depth, line))
        return NULL;
      anchor = g_strdup ((const char *) r->event.data.mapping_start.anchor);
      node = read_mapping (r, depth);
      break;
    case YAML_NO_EVENT:
    case YAML_STREAM_START_EVENT:
    case YAML_STREAM_END_EVENT:
    case YAML_DOCUMENT_START_EVENT:
    case YAML_DOCUMENT_END_EVENT:
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
    default:
      g_set_error (r->error, RP_ERROR, RP_ERROR_PARSE, _("not valid YAML (line %u)"), line);
      return NULL;
    }
  if (node == NULL)
    return NULL;
  if (anchor != NULL && !keep_anchor (r, anchor, node, line))
    return NULL;
  return g_steal_pointer (&node);
}

/* The first document's root, or NULL with the error set ("empty" when
 * the stream holds no document). */
static cJSON *
read_document (Reader *r)
{
  cJSON *root;

  if (!next_event (r))
    return NULL;
  g_assert (r->event.type == YAML_STREAM_START_EVENT);
  if (!next_event (r))
    return NULL;
  if (r->event.type != YAML_DOCUMENT_START_EVENT)
    {
      g_set_error (r->error, RP_ERROR, RP_ERROR_PARSE, _("the file is empty"));
      return NULL;
    }
  if (!next_event (r))
    return NULL;
  root = read_node (r, 0);
  if (root == NULL)
    return NULL;
  /* the rest of the document must be YAML; later documents are not read */
  if (!next_event (r))
    {
      cJSON_Delete (root);
      return NULL;
    }
  return root;
}

/* ---- private API ---------------------------------------------------- */

cJSON *
rp_yaml_parse_full (const char  *data,
                    gsize        len,
                    RpYamlStats *stats,
                    GError     **error)
{
  Reader r;
  cJSON *tree;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  if (stats != NULL)
    memset (stats, 0, sizeof *stats);
  if (len == 0)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("the file is empty"));
      return NULL;
    }
  memset (&r, 0, sizeof r);
  r.error = error;
  if (!yaml_parser_initialize (&r.parser))
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("out of memory"));
      return NULL;
    }
  r.anchors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, anchor_free);
  yaml_parser_set_input_string (&r.parser, (const unsigned char *) data, len);
  tree = read_document (&r);
  if (r.have_event)
    yaml_event_delete (&r.event);
  g_hash_table_unref (r.anchors);
  yaml_parser_delete (&r.parser);
  if (stats != NULL)
    *stats = r.stats;
  return tree;
}

cJSON *
rp_yaml_parse (const char *data,
               gsize       len,
               GError    **error)
{
  return rp_yaml_parse_full (data, len, NULL, error);
}
