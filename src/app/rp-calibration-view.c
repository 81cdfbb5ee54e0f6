/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibration-view.c: the user's calibration of the estimate shown */

#include "config.h"

#include "rp-calibration-view.h"

#include "rp-words.h"

#include <glib/gi18n.h>

#define N_COLUMNS 4

/* ---- private structs ------------------------------------------------ */

struct _RpCalibrationView
{
  GtkWidget  parent_instance;

  /* template children */
  GtkWidget *box;
  GtkLabel  *sentence;
  GtkGrid   *table;

  /* state */
  guint      n_rows;
};

G_DEFINE_FINAL_TYPE (RpCalibrationView, rp_calibration_view, GTK_TYPE_WIDGET)

/* ---- helpers -------------------------------------------------------- */

static GtkWidget *
new_cell (const char *text,
          gboolean    numeric,
          const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1 : 0);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
clear_table (RpCalibrationView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table))) != NULL)
    gtk_grid_remove (self->table, child);
  self->n_rows = 0;
}

static void
fill_table (RpCalibrationView   *self,
            const RpCalibration *cal)
{
  const char *heads[N_COLUMNS] = {
    _("Part"), _("Measured"), _("Predicted"), _("Calibrated"),
  };

  clear_table (self);
  for (guint c = 0; c < N_COLUMNS; c++)
    gtk_grid_attach (self->table, new_cell (heads[c], c > 0, "heading"), c, 0, 1, 1);
  for (guint i = 0; i < cal->n_rows; i++)
    {
      const RpCalibrationRow *r = &cal->rows[i];
      g_autofree char *measured = rp_words_calibration_value (r->part, r->measured);
      g_autofree char *predicted = rp_words_calibration_compared (r->part, r->predicted, r->measured);
      g_autofree char *calibrated = rp_words_calibration_compared (r->part, r->calibrated, r->measured);

      gtk_grid_attach (self->table, new_cell (rp_words_calibration_part (r->part), FALSE, NULL),
                       0, i + 1, 1, 1);
      gtk_grid_attach (self->table, new_cell (measured, TRUE, NULL), 1, i + 1, 1, 1);
      gtk_grid_attach (self->table, new_cell (predicted, TRUE, NULL), 2, i + 1, 1, 1);
      gtk_grid_attach (self->table, new_cell (calibrated, TRUE, NULL), 3, i + 1, 1, 1);
    }
  self->n_rows = cal->n_rows;
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_calibration_view_dispose (GObject *object)
{
  RpCalibrationView *self = RP_CALIBRATION_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), RP_TYPE_CALIBRATION_VIEW);
  G_OBJECT_CLASS (rp_calibration_view_parent_class)->dispose (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_calibration_view_class_init (RpCalibrationViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rp_calibration_view_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rigplan/Rigplan/rp-calibration-view.ui");
  gtk_widget_class_bind_template_child (widget_class, RpCalibrationView, box);
  gtk_widget_class_bind_template_child (widget_class, RpCalibrationView, sentence);
  gtk_widget_class_bind_template_child (widget_class, RpCalibrationView, table);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "calibration-view");
}

static void
rp_calibration_view_init (RpCalibrationView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

/* ---- public API ----------------------------------------------------- */

GtkWidget *
rp_calibration_view_new (void)
{
  return g_object_new (RP_TYPE_CALIBRATION_VIEW, NULL);
}

void
rp_calibration_view_set_estimate (RpCalibrationView *self,
                                  const RpEstimate  *est)
{
  const RpCalibration *cal;
  g_autofree char *sentence = NULL;

  g_return_if_fail (RP_IS_CALIBRATION_VIEW (self));

  cal = est != NULL ? est->calibration : NULL;
  gtk_widget_set_visible (GTK_WIDGET (self), cal != NULL);
  if (cal == NULL)
    {
      clear_table (self);
      return;
    }
  sentence = rp_words_calibrated (cal, est->gpu);
  gtk_label_set_text (self->sentence, sentence);
  fill_table (self, cal);
}

guint
rp_calibration_view_get_n_rows (RpCalibrationView *self)
{
  g_return_val_if_fail (RP_IS_CALIBRATION_VIEW (self), 0);
  return self->n_rows;
}

const char *
rp_calibration_view_get_cell (RpCalibrationView *self,
                              guint              row,
                              guint              column)
{
  GtkWidget *cell;

  g_return_val_if_fail (RP_IS_CALIBRATION_VIEW (self), NULL);
  g_return_val_if_fail (row < self->n_rows && column < N_COLUMNS, NULL);

  cell = gtk_grid_get_child_at (self->table, column, row + 1);
  return cell != NULL ? gtk_label_get_text (GTK_LABEL (cell)) : NULL;
}

const char *
rp_calibration_view_get_sentence (RpCalibrationView *self)
{
  g_return_val_if_fail (RP_IS_CALIBRATION_VIEW (self), NULL);
  return gtk_label_get_text (self->sentence);
}
