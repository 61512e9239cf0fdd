#include "bus_pane.hpp"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace asmlab::gui {

BusPane::BusPane(DebugSession& session, QWidget* parent) : QWidget(parent), model_(session) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  legend_ = new QLabel(
      "The last instructions, newest at the bottom; open one for its clocks. <b>EU</b> says what the execution "
      "unit did in each clock; <span style='color:#C04000'>in colour</span> the clocks it waited for the bus "
      "(queue empty, bus setup, a prefetch on the bus, the DMA refresh, wait states).",
      this);
  legend_->setWordWrap(true);
  layout->addWidget(legend_);
  heading_ = new QLabel(this);
  heading_->setWordWrap(true);
  heading_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(heading_);
  view_ = new QTreeView(this);
  view_->setModel(&model_);
  view_->setUniformRowHeights(true);
  view_->setAlternatingRowColors(true);
  view_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  view_->header()->setStretchLastSection(true);
  layout->addWidget(view_);
  connect(view_->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] { updateHeading(); });
  connect(&model_, &QAbstractItemModel::modelReset, this, [this] { updateHeading(); });
}

QString BusPane::headingText() const {
  const auto& rows = model_.instructions();
  if (rows.empty()) return "No instruction recorded yet: step, or stop a run.";
  QModelIndex current = view_->currentIndex();
  if (current.isValid() && current.parent().isValid()) current = current.parent();
  const size_t row = current.isValid() ? static_cast<size_t>(current.row()) : rows.size() - 1;
  const auto& i = rows.at(std::min(row, rows.size() - 1));
  QString what = i.where;
  if (!i.text.isEmpty()) what += "  " + i.text;
  return "<b>" + what.toHtmlEscaped() + "</b>: " + i.summary.toHtmlEscaped();
}

void BusPane::updateHeading() { heading_->setText(headingText()); }

void BusPane::capture() {
  const size_t before = model_.instructions().size();
  const uint64_t lastClocks = before ? model_.instructions().back().clocks : 0;
  model_.refresh();
  const int rows = model_.rowCount();
  for (int r = 0; r < rows; ++r) view_->setFirstColumnSpanned(r, {}, true);
  if (rows == 0) return;
  // The newest instruction open, so a step shows its clocks at once.
  if (rows != static_cast<int>(before) || model_.instructions().back().clocks != lastClocks || !view_->isExpanded(model_.index(rows - 1, 0))) {
    view_->expand(model_.index(rows - 1, 0));
    for (int c = 0; c < BusViewModel::ColumnCount - 1; ++c) view_->resizeColumnToContents(c);
    view_->scrollTo(model_.index(rows - 1, 0), QAbstractItemView::PositionAtTop);
  }
}

}  // namespace asmlab::gui
