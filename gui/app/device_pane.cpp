#include "device_pane.hpp"

#include <QHeaderView>

#include "asmlab/sim/capabilities.hpp"
#include "asmlab/sim/device_inspector.hpp"

namespace asmlab::gui {

DevicePane::DevicePane(DebugSession& session, QWidget* parent) : QTreeWidget(parent), session_(session) {
  setColumnCount(1);
  setHeaderLabels({"Device"});
  setUniformRowHeights(true);
}

void DevicePane::capture() {
  sim::Machine* m = session_.machine();
  auto* inspector = m ? sim::capability<sim::DeviceInspector>(*m) : nullptr;
  // Keep which devices are open across refreshes.
  QSet<QString> open;
  for (int i = 0; i < topLevelItemCount(); ++i)
    if (topLevelItem(i)->isExpanded()) open.insert(topLevelItem(i)->text(0));
  clear();
  if (!inspector) {
    setHeaderLabels({"Device"});
    addTopLevelItem(new QTreeWidgetItem(QStringList{"This machine exposes no devices to inspect."}));
    return;
  }
  int maxColumns = 1;
  for (const sim::DeviceTable& table : inspector->deviceTables()) {
    auto* top = new QTreeWidgetItem(QStringList{QString::fromStdString(table.name)});
    QStringList heads;
    for (const auto& c : table.columns) heads << QString::fromStdString(c);
    auto* header = new QTreeWidgetItem(heads);
    QFont bold = header->font(0);
    bold.setBold(true);
    for (int c = 0; c < heads.size(); ++c) header->setFont(c, bold);
    top->addChild(header);
    for (const auto& row : table.rows) {
      QStringList cells;
      for (const auto& cell : row) cells << QString::fromStdString(cell);
      top->addChild(new QTreeWidgetItem(cells));
    }
    maxColumns = std::max(maxColumns, static_cast<int>(table.columns.size()));
    addTopLevelItem(top);
    top->setExpanded(open.contains(top->text(0)) || open.isEmpty());
  }
  setColumnCount(maxColumns);
  QStringList labels{"Device"};
  while (labels.size() < maxColumns) labels << QString();
  setHeaderLabels(labels);
}

}  // namespace asmlab::gui
