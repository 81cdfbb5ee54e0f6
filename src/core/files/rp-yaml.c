/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-yaml.c: YAML (libyaml) to cJSON for the config importers
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
 * and runaway nesting long before memory matters. */
static const guint max_yaml_nodes = 100000;
static const guint max_yaml_depth = 64;

typedef struct
{
  yaml_document_t *document;
  guint            n_nodes;
  GError         **error;
} Converter;

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
scalar_to_json (const yaml_node_t *node)
{
  static const char *const nulls[] = { "", "~", "null", "Null", "NULL", NULL };
  static const char *const trues[] = { "true", "True", "TRUE", "yes", "Yes", "YES",
                                       "on", "On", "ON", NULL };
  static const char *const falses[] = { "false", "False", "FALSE", "no", "No", "NO",
                                        "off", "Off", "OFF", NULL };
  const char *text = (const char *) node->data.scalar.value;
  double number;

  if (node->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
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

static cJSON *convert_node (Converter *c, int index, guint depth);

static gboolean
over_budget (Converter         *c,
             const yaml_node_t *node,
             guint              depth)
{
  if (++c->n_nodes <= max_yaml_nodes && depth <= max_yaml_depth)
    return FALSE;
  g_set_error (c->error, RP_ERROR, RP_ERROR_PARSE,
               /* TRANSLATORS: a YAML file whose aliases or nesting explode */
               _("too deeply nested or too many repeated aliases (line %u)"),
               (guint) node->start_mark.line + 1);
  return TRUE;
}

static cJSON *
convert_sequence (Converter         *c,
                  const yaml_node_t *node,
                  guint              depth)
{
  g_autoptr(cJSON) array = cJSON_CreateArray ();

  for (yaml_node_item_t *item = node->data.sequence.items.start;
       item < node->data.sequence.items.top; item++)
    {
      cJSON *child = convert_node (c, *item, depth + 1);

      if (child == NULL)
        return NULL;
      cJSON_AddItemToArray (array, child);
    }
  return g_steal_pointer (&array);
}

static cJSON *
convert_mapping (Converter         *c,
                 const yaml_node_t *node,
                 guint              depth)
{
  g_autoptr(cJSON) object = cJSON_CreateObject ();

  for (yaml_node_pair_t *pair = node->data.mapping.pairs.start;
       pair < node->data.mapping.pairs.top; pair++)
    {
      yaml_node_t *key = yaml_document_get_node (c->document, pair->key);
      const char *name;
      cJSON *child;

      if (key == NULL || key->type != YAML_SCALAR_NODE)
        {
          g_set_error (c->error, RP_ERROR, RP_ERROR_PARSE,
                       _("a mapping key must be text (line %u)"),
                       key != NULL ? (guint) key->start_mark.line + 1 : 0);
          return NULL;
        }
      name = (const char *) key->data.scalar.value;
      if (cJSON_GetObjectItemCaseSensitive (object, name) != NULL)
        {
          rp_error_set_key (c->error, RP_ERROR_PARSE, name,
                            _("appears twice in the same mapping (line %u)"),
                            (guint) key->start_mark.line + 1);
          return NULL;
        }
      child = convert_node (c, pair->value, depth + 1);
      if (child == NULL)
        return NULL;
      cJSON_AddItemToObject (object, name, child);
    }
  return g_steal_pointer (&object);
}

static cJSON *
convert_node (Converter *c,
              int        index,
              guint      depth)
{
  yaml_node_t *node = yaml_document_get_node (c->document, index);

  if (node == NULL)
    {
      g_set_error (c->error, RP_ERROR, RP_ERROR_PARSE, _("not valid YAML"));
      return NULL;
    }
  if (over_budget (c, node, depth))
    return NULL;
  switch (node->type)
    {
    case YAML_SCALAR_NODE:
      return scalar_to_json (node);
    case YAML_SEQUENCE_NODE:
      return convert_sequence (c, node, depth);
    case YAML_MAPPING_NODE:
      return convert_mapping (c, node, depth);
    case YAML_NO_NODE:
    default:
      g_set_error (c->error, RP_ERROR, RP_ERROR_PARSE, _("not valid YAML"));
      return NULL;
    }
}

/* ---- private API ---------------------------------------------------- */

cJSON *
rp_yaml_parse (const char *data,
               gsize       len,
               GError    **error)
{
  yaml_parser_t parser;
  yaml_document_t document;
  Converter c = { &document, 0, error };
  yaml_node_t *root;
  cJSON *tree = NULL;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  if (len == 0)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("the file is empty"));
      return NULL;
    }
  if (!yaml_parser_initialize (&parser))
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("out of memory"));
      return NULL;
    }
  yaml_parser_set_input_string (&parser, (const unsigned char *) data, len);
  if (!yaml_parser_load (&parser, &document))
    {
      /* TRANSLATORS: the last %s is libyaml's own English description */
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("not valid YAML (line %u, column %u): %s"),
                   (guint) parser.problem_mark.line + 1, (guint) parser.problem_mark.column + 1,
                   parser.problem != NULL ? parser.problem : "?");
      yaml_parser_delete (&parser);
      return NULL;
    }
  root = yaml_document_get_root_node (&document);
  if (root == NULL)
    g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("the file is empty"));
  else
    tree = convert_node (&c, 1, 0);
  yaml_document_delete (&document);
  yaml_parser_delete (&parser);
  return tree;
}
